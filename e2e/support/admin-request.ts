import { expect } from 'vitest';

/**
 * The Bearer `authorization` of an editor's requests: a header value, or a function that mints one for
 * each request. A test file that arranges its data through the API for minutes passes the function
 * (`() => running.bearer(...)`): a token minted once in beforeAll lives ACCESS_TOKEN_TTL_SECONDS, and a
 * file that outlasts it on a slow machine would be answered 401 from then on.
 */
export type Authorization = string | (() => Promise<string>);

/** The header value of `authorization` for the next request. */
async function bearerOf(authorization: Authorization): Promise<string> {
  return typeof authorization === 'string' ? authorization : authorization();
}

/**
 * A request to the running app's admin API as an editor (the Bearer `authorization`) to arrange
 * what a browser test then checks: the answer must be 2xx; its JSON (undefined for 204).
 */
export async function adminRequest<T>(
  baseUrl: string,
  authorization: Authorization,
  method: string,
  path: string,
  payload?: unknown,
): Promise<T> {
  const res = await fetch(`${baseUrl}${path}`, {
    method,
    headers: {
      authorization: await bearerOf(authorization),
      ...(payload === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: payload === undefined ? undefined : JSON.stringify(payload),
  });
  expect(res.ok, `${method} ${path}: ${res.status} ${await res.clone().text()}`).toBe(true);
  return (res.status === 204 ? undefined : await res.json()) as T;
}
