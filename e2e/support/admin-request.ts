import { expect } from 'vitest';

/**
 * A request to the running app's admin API as an editor (the Bearer `authorization`) to arrange
 * what a browser test then checks: the answer must be 2xx; its JSON (undefined for 204).
 */
export async function adminRequest<T>(
  baseUrl: string,
  authorization: string,
  method: string,
  path: string,
  payload?: unknown,
): Promise<T> {
  const res = await fetch(`${baseUrl}${path}`, {
    method,
    headers: { authorization, ...(payload === undefined ? {} : { 'content-type': 'application/json' }) },
    body: payload === undefined ? undefined : JSON.stringify(payload),
  });
  expect(res.ok, `${method} ${path}: ${res.status} ${await res.clone().text()}`).toBe(true);
  return (res.status === 204 ? undefined : await res.json()) as T;
}
