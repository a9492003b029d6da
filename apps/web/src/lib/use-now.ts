/**
 * The current time, moved on every minute: what "Open now" and a bus's "in 12 min" are computed
 * at on the campus map and the home dashboard's "Next bus" card.
 */
import { useEffect, useState } from 'react';

export function useNow(everyMs = 60_000): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const id = setInterval(() => setNow(new Date()), everyMs);
    return () => clearInterval(id);
  }, [everyMs]);
  return now;
}
