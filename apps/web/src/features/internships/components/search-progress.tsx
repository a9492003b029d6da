/**
 * The running state (docs/product-spec.md §2, §4): "Scraping internships...", the 30-60 seconds note, the seconds
 * elapsed (counted here, once a second) and Cancel. Announced politely to screen readers.
 */
import { useEffect, useState } from 'react';
import { INTERNSHIP_MESSAGES as M } from '@campus/contract/internships-ui';
import { Button } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';

export function SearchProgress({ startedAt, onCancel }: { startedAt: number; onCancel: () => void }) {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const id = window.setInterval(() => setNow(Date.now()), 1000);
    return () => window.clearInterval(id);
  }, []);
  const seconds = Math.max(0, Math.floor((now - startedAt) / 1000));
  return (
    <div
      role="status"
      className="flex flex-col items-center gap-3 rounded-2xl border border-dashed border-line px-6 py-10 text-center"
    >
      <Spinner size={28} label="" />
      <p className="text-base font-semibold text-fg">{M.running}</p>
      <p className="text-sm text-muted">{M.runningNote}</p>
      <p className="text-sm text-muted tabular-nums">{seconds} s elapsed</p>
      <Button variant="secondary" size="sm" onClick={onCancel}>
        Cancel
      </Button>
    </div>
  );
}
