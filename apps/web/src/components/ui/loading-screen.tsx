/**
 * Full-screen loading screen (docs/product-spec.md §2 "Guard behaviour"): a spinner, a progress bar that rises
 * 10 % every 500 ms up to 90 %, and a status text that follows the progress:
 * Connecting to database... (< 30 %), Initializing application... (< 60 %), Loading user data...
 * (< 90 %), Almost ready... (90 %). With reduced motion the spinner and bar do not animate.
 */
import { useEffect, useState } from 'react';
import { Spinner } from './spinner';

/** Progress step in percent and its period in ms, and the ceiling (docs/product-spec.md §9). */
export const PROGRESS_STEP = 10;
export const PROGRESS_INTERVAL_MS = 500;
export const PROGRESS_MAX = 90;

/** Status text for a progress value in percent (docs/product-spec.md §2). */
export function loadingStatusText(progress: number): string {
  if (progress < 30) return 'Connecting to database...';
  if (progress < 60) return 'Initializing application...';
  if (progress < 90) return 'Loading user data...';
  return 'Almost ready...';
}

export interface LoadingScreenProps {
  /** Accessible name of the progress bar (default "Loading"). */
  label?: string;
}

export function LoadingScreen({ label = 'Loading' }: LoadingScreenProps) {
  const [progress, setProgress] = useState(0);
  useEffect(() => {
    const id = window.setInterval(() => {
      setProgress((p) => Math.min(PROGRESS_MAX, p + PROGRESS_STEP));
    }, PROGRESS_INTERVAL_MS);
    return () => window.clearInterval(id);
  }, []);
  const text = loadingStatusText(progress);
  return (
    <div data-testid="loading-screen" className="fixed inset-0 z-50 flex items-center justify-center bg-canvas px-6">
      <div className="flex w-full max-w-xs flex-col items-center gap-5 text-center">
        <Spinner size={40} label="" className="text-accent" />
        <div
          role="progressbar"
          aria-label={label}
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={progress}
          aria-valuetext={text}
          className="h-2 w-full overflow-hidden rounded-full bg-surface-muted"
        >
          <div
            className="h-full rounded-full bg-accent transition-[width] duration-300 ease-out"
            style={{ width: `${progress}%` }}
          />
        </div>
        <p className="text-sm text-muted" aria-live="polite">
          {text}
        </p>
      </div>
    </div>
  );
}
