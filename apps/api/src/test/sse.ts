/**
 * A minimal SSE client for tests (docs/design.md §7): opens `GET /api/notification/stream` over real HTTP
 * and collects its events, so suites can wait for an event or for the server to end the stream.
 */

/** A minimal SSE client over fetch: collects `{ event, data }` and tells when the stream ended. */
export async function openStream(base: string, cookie: string) {
  const ac = new AbortController();
  const res = await fetch(`${base}/api/notification/stream`, { headers: { cookie }, signal: ac.signal });
  const events: { event: string; data: Record<string, unknown> }[] = [];
  let ended = false;
  const reading = (async () => {
    const reader = res.body!.getReader();
    const decoder = new TextDecoder();
    let buf = '';
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) break;
        buf += decoder.decode(value, { stream: true });
        let i: number;
        while ((i = buf.indexOf('\n\n')) >= 0) {
          const chunk = buf.slice(0, i);
          buf = buf.slice(i + 2);
          let event = 'message';
          let data = '';
          for (const line of chunk.split('\n')) {
            if (line.startsWith('event: ')) event = line.slice(7);
            else if (line.startsWith('data: ')) data += line.slice(6);
          }
          if (data) events.push({ event, data: JSON.parse(data) });
        }
      }
    } catch {
      /* aborted */
    } finally {
      ended = true;
    }
  })();
  const until = async <T>(fn: () => T | undefined, ms: number, what: string): Promise<T> => {
    const start = Date.now();
    for (;;) {
      const v = fn();
      if (v !== undefined && v !== false) return v;
      if (Date.now() - start > ms) throw new Error(`timed out after ${ms} ms waiting for ${what}`);
      await new Promise((r) => setTimeout(r, 5));
    }
  };
  return {
    res,
    events,
    /** Resolves with the first event matching `pred` (waits up to `ms`). */
    waitFor: (pred: (e: (typeof events)[number]) => boolean, ms = 10_000) =>
      until(() => events.find(pred), ms, 'event'),
    /** True once the server ended the stream (or it was closed). */
    ended: () => ended,
    /** Resolves when the server ended the stream (waits up to `ms`). */
    waitEnded: (ms = 10_000) => until(() => ended || undefined, ms, 'end of stream'),
    close: async () => {
      ac.abort();
      await reading;
    },
  };
}
