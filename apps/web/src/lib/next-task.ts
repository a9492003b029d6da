/**
 * Yielding to the browser between two pieces of start-up or loading work, so each is a task of its
 * own (Total Blocking Time counts each task's time over 50 ms; docs/decisions/0001-hydration-at-load.md).
 */

/**
 * Resolves in a new task, so the browser can paint and handle input in between: `scheduler.yield()`
 * where the browser has it (its continuation goes ahead of other queued tasks), else a 0 ms timer
 * (which browsers clamp to 4 ms once timers nest five deep).
 */
export function nextTask(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: { yield?: () => Promise<void> } }).scheduler;
  if (typeof scheduler?.yield === 'function') return scheduler.yield();
  return new Promise((resolve) => setTimeout(resolve, 0));
}
