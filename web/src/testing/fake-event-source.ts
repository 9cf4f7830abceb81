import type { LiveEventPayloads, LiveEventType } from '@common/live-stream-contract';
import type { EventSourceLike } from '@/lib/live-stream';

/** A stand-in for the browser's EventSource: the test opens it and sends events by hand. */
export class FakeEventSource implements EventSourceLike {
  static opened: FakeEventSource[] = [];
  readyState = 0;
  onopen: ((ev: Event) => unknown) | null = null;
  onerror: ((ev: Event) => unknown) | null = null;
  closed = false;
  private readonly listeners = new Map<string, ((ev: MessageEvent) => void)[]>();

  constructor(readonly url: string) {
    FakeEventSource.opened.push(this);
  }

  addEventListener(type: string, listener: (ev: MessageEvent) => void): void {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), listener]);
  }

  close(): void {
    this.closed = true;
    this.readyState = 2;
  }

  open(): void {
    this.readyState = 1;
    this.onopen?.(new Event('open'));
  }

  send<T extends LiveEventType>(type: T, data: LiveEventPayloads[T], id?: number): void {
    const ev = new MessageEvent(type, { data: JSON.stringify(data), lastEventId: id === undefined ? '' : String(id) });
    for (const listener of this.listeners.get(type) ?? []) listener(ev);
  }

  static latest(): FakeEventSource {
    const last = FakeEventSource.opened.at(-1);
    if (!last) throw new Error('no stream was opened');
    return last;
  }
}

export const openFake = (url: string) => new FakeEventSource(url);
