import { createContext, useContext } from 'react';

/**
 * The one fetch wrapper of the admin area (docs/product.md, The API): every call carries
 * `Authorization: Bearer <token>` and `Content-Type: application/json`, and every failure
 * becomes an AdminApiError with the message of the error catalogue (docs/product.md, Error messages):
 * 'Failed to ...' when the response is not OK (details: status and status text),
 * 'Error ...' when the request throws (details: the exception message).
 */
export class AdminApiError extends Error {
  override readonly name = 'AdminApiError';
  constructor(
    message: string,
    readonly details?: string,
    readonly status?: number,
    /** The problem+json body the server sent with a failure (field errors, conflict facts). */
    readonly problem?: Record<string, unknown>,
  ) {
    super(message);
  }
}

export const NO_ACCESS_TOKEN = 'No access token available';
export const AUTH_REQUIRED = 'Authentication required. Please log in again.';

export type GetAccessToken = () => Promise<string>;

export interface AdminApiClient {
  getAccessToken: GetAccessToken;
  fetch?: typeof fetch;
}

export interface RequestMessages {
  /** Response not OK, e.g. 'Failed to load articles'. */
  failed: string;
  /** The request threw, e.g. 'Error loading articles'. */
  error: string;
  /** Message for a 401 (the dashboard's 'Authentication required. Please log in again.'). */
  unauthorized?: string;
}

export interface AdminRequest {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  signal?: AbortSignal;
  /** Extra request headers (e.g. If-Match with the version an edit is based on). */
  headers?: Record<string, string>;
  /** Sent even when the page is going away (fetch's `keepalive`): a tab leaving an article's screen. */
  keepalive?: boolean;
}

/** Status and status text, plus the problem+json detail when the server sent one. */
export function describeFailure(status: number, statusText: string, problem?: unknown): string {
  const p = problem && typeof problem === 'object' ? (problem as Record<string, unknown>) : {};
  const text = statusText || (typeof p.title === 'string' ? p.title : '');
  const head = `${status}${text ? ` ${text}` : ''}`;
  return typeof p.detail === 'string' && p.detail ? `${head}: ${p.detail}` : head;
}

export async function adminRequest<T>(
  client: AdminApiClient,
  path: string,
  messages: RequestMessages,
  req: AdminRequest = {},
): Promise<T> {
  let token: string;
  try {
    token = await client.getAccessToken();
  } catch (err) {
    if (err instanceof AdminApiError) throw err;
    throw new AdminApiError(NO_ACCESS_TOKEN, err instanceof Error ? err.message : undefined);
  }
  if (!token) throw new AdminApiError(NO_ACCESS_TOKEN);
  const doFetch = client.fetch ?? fetch;
  let res: Response;
  try {
    res = await doFetch(path, {
      method: req.method ?? 'GET',
      headers: {
        ...req.headers,
        Authorization: `Bearer ${token}`,
        'Content-Type': 'application/json',
        Accept: 'application/json',
      },
      body: req.body === undefined ? undefined : JSON.stringify(req.body),
      signal: req.signal,
      cache: 'no-store',
      ...(req.keepalive ? { keepalive: true } : {}),
    });
  } catch (err) {
    if (req.signal?.aborted) throw err;
    throw new AdminApiError(messages.error, err instanceof Error ? err.message : String(err));
  }
  if (!res.ok) {
    let problem: unknown;
    try {
      problem = await res.json();
    } catch {
      problem = undefined;
    }
    const details = describeFailure(res.status, res.statusText, problem);
    const body = problem && typeof problem === 'object' ? (problem as Record<string, unknown>) : undefined;
    if (res.status === 401 && messages.unauthorized) throw new AdminApiError(messages.unauthorized, details, 401, body);
    throw new AdminApiError(messages.failed, details, res.status, body);
  }
  if (res.status === 204) return undefined as T;
  try {
    const text = await res.text();
    return (text ? JSON.parse(text) : undefined) as T;
  } catch (err) {
    throw new AdminApiError(messages.error, err instanceof Error ? err.message : String(err));
  }
}

/** What a refusal says to the editor: the server's problem detail, else the error's own message, else `fallback`. */
export function problemDetail(err: unknown, fallback: string): string {
  if (err instanceof AdminApiError && typeof err.problem?.detail === 'string') return err.problem.detail;
  return err instanceof Error ? err.message : fallback;
}

/**
 * The article was moved to the Trash meanwhile (by someone else, or in another tab): every write of it
 * answers 409 with `deleted: true`. Not a version conflict: there is nothing to compare or to save over
 * until it is restored; the screen reloads the article into 'This article was deleted'.
 */
export function isInTrash(err: unknown): boolean {
  return err instanceof AdminApiError && err.status === 409 && err.problem?.deleted === true;
}

/**
 * A read of an article that is in the Trash: the 404 says so (`deleted: true`) with its headline and when it
 * went there, for a screen that says 'This article was deleted' rather than an error.
 */
export function trashedArticleOf(err: unknown): { headline?: string; deletedAt?: string } | undefined {
  if (!(err instanceof AdminApiError) || err.status !== 404 || err.problem?.deleted !== true) return undefined;
  const { headline, deletedAt } = err.problem;
  return {
    ...(typeof headline === 'string' ? { headline } : {}),
    ...(typeof deletedAt === 'string' ? { deletedAt } : {}),
  };
}

/** What the 404 of an article deleted for good says: its headline then, when, and by whom (null: the 30-day purge). */
export interface PurgedArticleFacts {
  headline?: string;
  purgedAt?: string;
  purgedBy: string | null;
}

/**
 * A read of an article deleted for good (from the Trash, or by the 30-day purge): the 404 says so
 * (`purged: true`), for a screen that says who deleted it and when rather than 'not found'.
 */
export function purgedArticleOf(err: unknown): PurgedArticleFacts | undefined {
  if (!(err instanceof AdminApiError) || err.status !== 404 || err.problem?.purged !== true) return undefined;
  const { headline, purgedAt, purgedBy } = err.problem;
  return {
    ...(typeof headline === 'string' && headline !== '' ? { headline } : {}),
    ...(typeof purgedAt === 'string' ? { purgedAt } : {}),
    purgedBy: typeof purgedBy === 'string' ? purgedBy : null,
  };
}

/** Client errors (4xx) are final; network errors and 5xx are retried up to 3 times. */
export function shouldRetryAdminRequest(failureCount: number, error: unknown): boolean {
  if (error instanceof AdminApiError && error.status !== undefined && error.status < 500) return false;
  if (error instanceof AdminApiError && error.message === NO_ACCESS_TOKEN) return false;
  return failureCount < 3;
}

/** Query keys of the admin area, shared by the features so a mutation can reload any view. */
export const adminKeys = {
  all: ['admin'] as const,
  dashboard: () => ['admin', 'dashboard'] as const,
  articleLists: () => ['admin', 'articles'] as const,
  articleList: (q: object) => ['admin', 'articles', q] as const,
  articleDetails: () => ['admin', 'article'] as const,
  articleDetail: (id: number) => ['admin', 'article', id] as const,
  categories: () => ['admin', 'categories'] as const,
  revisions: (id: number) => ['admin', 'article', id, 'revisions'] as const,
  audit: (q: object) => ['admin', 'audit', q] as const,
};

export const AdminApiContext = createContext<AdminApiClient | null>(null);

export function useAdminApi(): AdminApiClient {
  const client = useContext(AdminApiContext);
  if (!client) throw new Error('useAdminApi must be used inside the admin area');
  return client;
}
