import { SocialProblem, type Provider } from './provider-error.ts';

export interface ProviderResponse {
  status: number;
  headers: Headers;
  /** Parsed JSON, or the raw text when the body is not JSON. */
  body: unknown;
}

/**
 * One HTTP call to X or Facebook with a hard time limit. Network failures and timeouts become
 * SocialProblem (504 / 502) naming the provider; the URL (which may carry app secrets in
 * Facebook's query strings) is never put into a message or a log line.
 */
export async function providerFetch(
  provider: Provider,
  url: string,
  init: RequestInit,
  timeoutMs: number,
): Promise<ProviderResponse> {
  let res: Response;
  try {
    res = await fetch(url, { ...init, redirect: 'manual', signal: AbortSignal.timeout(timeoutMs) });
  } catch (err) {
    const name = (err as Error)?.name;
    if (name === 'TimeoutError' || name === 'AbortError') {
      throw new SocialProblem({
        status: 504,
        title: `${provider} did not answer in time`,
        detail: `${provider} did not answer within ${Math.round(timeoutMs / 100) / 10} s. Nothing was changed; try again later.`,
        type: 'provider-timeout',
      });
    }
    throw new SocialProblem({
      status: 502,
      title: `${provider} could not be reached`,
      detail: `The connection to ${provider} failed. Nothing was changed; try again later.`,
      type: 'provider-unreachable',
    });
  }
  let text: string;
  try {
    text = await res.text();
  } catch {
    throw new SocialProblem({
      status: 504,
      title: `${provider} did not answer in time`,
      detail: `${provider} stopped answering within ${Math.round(timeoutMs / 100) / 10} s. Nothing was changed; try again later.`,
      type: 'provider-timeout',
    });
  }
  let body: unknown = text;
  try {
    body = text ? JSON.parse(text) : null;
  } catch {
    body = text;
  }
  return { status: res.status, headers: res.headers, body };
}

/** 5xx from a provider: 502 (503 when the provider itself says it is unavailable). */
export function providerUnavailable(provider: Provider, status: number): SocialProblem {
  return new SocialProblem({
    status: status === 503 ? 503 : 502,
    title: `${provider} is unavailable`,
    detail: `${provider} answered with a server error (status ${status}). Nothing was changed; try again later.`,
    type: 'provider-unavailable',
  });
}
