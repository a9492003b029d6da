/**
 * "Alert me" (docs/alerts.md): saves the list's current filters — as the inputs hold them, so a
 * search typed a moment ago counts — as a saved alert. The toast names the alert ("Cycle under
 * ₹3,000") or says why it was refused (no filter, 20 alerts already).
 */
import { BellPlus } from 'lucide-react';
import { useCreateAlertMutation, type AlertDraft } from '../lib/alerts-api';
import { Button } from './ui/button';

export interface AlertMeButtonProps {
  kind: AlertDraft['kind'];
  /** The list's filters; empty strings and undefined are left out. */
  filters: AlertDraft['filters'];
  className?: string;
}

export function AlertMeButton({ kind, filters, className }: AlertMeButtonProps) {
  const [create, { isLoading }] = useCreateAlertMutation();
  const set = Object.fromEntries(Object.entries(filters).filter(([, v]) => v !== undefined && v !== ''));
  return (
    <Button
      variant="secondary"
      size="sm"
      className={className}
      loading={isLoading}
      onClick={() => void create({ kind, filters: set })}
    >
      <BellPlus aria-hidden="true" size={16} />
      Alert me
    </Button>
  );
}
