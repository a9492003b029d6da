/** A percentage ring (docs/product-spec.md §2 subject card): SVG arc in the zone's colour with the value inside. */
import { cn } from '../../../lib/cn';
import { percentText, type Zone } from '../attendance-outlook';

const STROKE: Record<Zone, string> = {
  none: 'stroke-line',
  green: 'stroke-success',
  amber: 'stroke-warning',
  red: 'stroke-danger',
};

export function PercentCircle({ percentage, zone, size = 64 }: { percentage: number; zone: Zone; size?: number }) {
  const r = 26;
  const c = 2 * Math.PI * r;
  const shown = zone === 'none' ? 0 : Math.max(0, Math.min(100, percentage));
  return (
    <div className="relative shrink-0" style={{ width: size, height: size }}>
      <svg viewBox="0 0 64 64" width={size} height={size} aria-hidden="true" className="-rotate-90">
        <circle cx="32" cy="32" r={r} fill="none" strokeWidth="6" className="stroke-surface-muted" />
        <circle
          cx="32"
          cy="32"
          r={r}
          fill="none"
          strokeWidth="6"
          strokeLinecap="round"
          strokeDasharray={c}
          strokeDashoffset={c * (1 - shown / 100)}
          className={cn(STROKE[zone], 'transition-[stroke-dashoffset]')}
        />
      </svg>
      <span className="absolute inset-0 flex items-center justify-center text-xs font-semibold text-fg">
        {zone === 'none' ? '–' : percentText(percentage)}
      </span>
    </div>
  );
}
