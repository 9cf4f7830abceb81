import { PENDING_LIMIT } from './constants';

export interface PageViewItem {
  name: string;
  uri: string;
  refUri?: string;
}

export interface DependencyItem {
  id: string;
  /** "GET /News" or "GET /News/slug/{slug}": method and path. */
  name: string;
  /** The full URL called (the SDK reports its host as the target). */
  url: string;
  type: string;
  /** HTTP status; 0 when the request never got an answer. */
  responseCode: number;
  /** Milliseconds. */
  duration: number;
  success: boolean;
  startTime: Date;
}

/** What the loaded SDK does with an item (sdk.ts); tests supply their own. */
export interface TelemetrySink {
  trackPageView(item: PageViewItem): void;
  trackEvent(name: string, properties: Record<string, string>): void;
  trackDependency(item: DependencyItem): void;
  trackException(error: Error, properties: Record<string, string>): void;
}

export type TelemetryState = 'pending' | 'ready' | 'skipped';

type Call = (sink: TelemetrySink) => void;

/**
 * The page's telemetry, usable from the first render on. While the SDK is still loading (it is
 * fetched when the browser is idle) calls are kept in order, at most PENDING_LIMIT of them, and
 * replayed once it is up; when telemetry is skipped (not configured, config call failed) they are
 * dropped and later calls do nothing. A failing sink never breaks the page.
 */
export class TelemetryClient {
  private state: TelemetryState = 'pending';
  private sink: TelemetrySink | undefined;
  private pending: Call[] = [];

  constructor(private readonly pendingLimit = PENDING_LIMIT) {}

  get status(): TelemetryState {
    return this.state;
  }

  /** Items waiting for the SDK. */
  get pendingCount(): number {
    return this.pending.length;
  }

  trackPageView(item: PageViewItem): void {
    this.call((sink) => sink.trackPageView(item));
  }

  trackEvent(name: string, properties: Record<string, string> = {}): void {
    this.call((sink) => sink.trackEvent(name, properties));
  }

  trackDependency(item: DependencyItem): void {
    this.call((sink) => sink.trackDependency(item));
  }

  /** An error the page shows the reader (the route error page), with its properties (no secrets). */
  trackException(error: Error, properties: Record<string, string> = {}): void {
    this.call((sink) => sink.trackException(error, properties));
  }

  /** The SDK is up: replay what was kept, then pass everything straight on. Only the first call counts. */
  ready(sink: TelemetrySink): void {
    if (this.state !== 'pending') return;
    this.state = 'ready';
    this.sink = sink;
    const queued = this.pending;
    this.pending = [];
    for (const call of queued) this.run(call);
  }

  /** Telemetry is off for this page: drop what was kept. */
  skip(): void {
    if (this.state !== 'pending') return;
    this.state = 'skipped';
    this.pending = [];
  }

  private call(call: Call): void {
    if (this.state === 'ready') this.run(call);
    else if (this.state === 'pending' && this.pending.length < this.pendingLimit) this.pending.push(call);
  }

  private run(call: Call): void {
    try {
      call(this.sink!);
    } catch {
      // telemetry must never break a page
    }
  }
}

/** The one client of the page. */
export const telemetry = new TelemetryClient();
