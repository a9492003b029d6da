/** Test helper: an in-memory EventSource for the notifications stream; `emit` delivers an event. */
import type { EventSourceLike } from '../features/notifications/live';

export class FakeSource implements EventSourceLike {
  readyState = 1;
  onopen: EventSourceLike['onopen'] = null;
  onerror: EventSourceLike['onerror'] = null;
  listeners = new Map<string, (ev: MessageEvent) => void>();
  addEventListener(type: string, l: (ev: MessageEvent) => void) {
    this.listeners.set(type, l);
  }
  /** Calls the listener of `type` with `data` as JSON. */
  emit(type: string, data: unknown) {
    this.listeners.get(type)?.(new MessageEvent(type, { data: JSON.stringify(data) }));
  }
  close() {
    this.readyState = 2;
  }
}
