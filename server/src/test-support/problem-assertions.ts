import { expect } from 'vitest';

interface InjectedResponse {
  statusCode: number;
  headers: Record<string, unknown>;
  body: string;
  json(): any;
}

/** Asserts an RFC 9457 problem response with this status, whose detail mentions `detailPart`. */
export function expectProblem(res: InjectedResponse, status: number, detailPart?: string | RegExp) {
  expect(res.statusCode, res.body).toBe(status);
  expect(String(res.headers['content-type'])).toMatch(/^application\/problem\+json/);
  const body = res.json();
  expect(body).toMatchObject({
    type: expect.any(String),
    title: expect.any(String),
    status,
    detail: expect.any(String),
  });
  if (detailPart instanceof RegExp) expect(body.detail).toMatch(detailPart);
  else if (detailPart) expect(body.detail).toContain(detailPart);
  return body;
}
