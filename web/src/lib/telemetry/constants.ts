/**
 * The telemetry constants (docs/product.md, Limits and constants), each set explicitly on the Application Insights SDK
 * (see sdk-config.ts), plus the texts of sections 7 and 8.
 */
export const TELEMETRY = {
  /** At most 20 dependency (ajax/fetch) items per page view. */
  maxAjaxCallsPerView: 20,
  /** A batch is sent once it reaches 102400 bytes... */
  maxBatchSizeInBytes: 102_400,
  /** ...or after 15 s, whichever comes first. */
  maxBatchIntervalMs: 15_000,
  /** A session renews after 30 minutes without activity. */
  sessionRenewalMs: 30 * 60 * 1000,
  /** A session ends after 24 hours in any case. */
  sessionExpirationMs: 24 * 60 * 60 * 1000,
  /** In-memory send buffer: 10000 events. */
  eventsLimitInMem: 10_000,
  /**
   * Session-storage send buffer: 2000 events. Fixed in the SDK (SessionStorageSendBuffer.MAX_BUFFER_SIZE,
   * not configurable); sdk-constants.unit test reads it from the installed SDK.
   */
  sessionStorageBufferEvents: 2_000,
  /** Failed sends are retried up to 10 times, on these status codes only. */
  maxRetryCount: 10,
  retryStatusCodes: [401, 408, 429, 500, 502, 503, 504] as readonly number[],
  /** A route change becomes a page view 500 ms later (the page has rendered its title by then). */
  routePageViewDelayMs: 500,
  /** Every item is kept. */
  samplingPercentage: 100,
} as const;

export const NOT_CONFIGURED_WARNING =
  'Application Insights not configured - missing connection string or instrumentation key';
export const CONFIG_FAILED_WARNING = 'Application Insights configuration could not be loaded; telemetry is off';

/** GET /api/config/appinsights: the telemetry configuration. */
export const TELEMETRY_CONFIG_URL = '/api/config/appinsights';

/**
 * A page view is taken once its page has set its title too, which a page that loads its content
 * first (an article) may do later than routePageViewDelayMs on a slow device or network: it waits
 * for the title at most this long (not a value of docs/product.md).
 */
export const ROUTE_PAGE_VIEW_MAX_WAIT_MS = 10_000;

/** If the browser never gets idle, the SDK loads this long after start anyway. */
export const IDLE_TIMEOUT_MS = 2_000;

/** Calls made before the SDK is up are kept (up to this many) and replayed once it is. */
export const PENDING_LIMIT = 200;

/** Name of the custom event for a failed news list. */
export const ARTICLE_LOAD_ERROR_EVENT = 'ArticleLoadError';
