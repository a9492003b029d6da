/**
 * Formatting helpers (DESIGN §3 lib): money in rupees, dates (spec §9: yyyy-MM-dd, HH:mm; en-IN
 * display), relative times ("about 2 hours ago").
 */
import { format, formatDistanceToNow } from 'date-fns';

const rupees = new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR', maximumFractionDigits: 0 });

/** Integer rupees → "₹1,500". */
export function formatRupees(amount: number): string {
  return rupees.format(amount);
}

/** ISO timestamp or Date → "yyyy-MM-dd" in local time. */
export function formatIsoDate(value: string | Date): string {
  return format(typeof value === 'string' ? new Date(value) : value, 'yyyy-MM-dd');
}

/** ISO timestamp or Date → "HH:mm" in local time. */
export function formatTime(value: string | Date): string {
  return format(typeof value === 'string' ? new Date(value) : value, 'HH:mm');
}

/** ISO timestamp → en-IN date such as "22/11/2026". */
export function formatDateIN(value: string | Date): string {
  return new Date(value).toLocaleDateString('en-IN');
}

/** ISO timestamp → "about 2 hours ago". */
export function formatRelative(value: string | Date): string {
  return formatDistanceToNow(typeof value === 'string' ? new Date(value) : value, { addSuffix: true });
}
