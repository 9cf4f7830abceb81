import Fastify, { type FastifyInstance } from 'fastify';
import { Type } from '@sinclair/typebox';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import problemPlugin, { HttpProblem, frameworkErrors, sendProblem } from './problem.ts';
import { expectProblem } from '../test-support/problem-assertions.ts';
import { typeboxValidatorCompiler } from '../domain/typebox-validation.ts';
import { SHARED_CACHE_CONTROL } from './http-cache.ts';

let app: FastifyInstance;
const logged: string[] = [];

beforeAll(async () => {
  const stream = { write: (line: string) => void logged.push(line) };
  const base = Fastify({
    logger: { level: 'error', stream },
    bodyLimit: 1024,
    frameworkErrors,
  });
  base.setValidatorCompiler(typeboxValidatorCompiler);
  await base.register(problemPlugin);
  const typed = base.withTypeProvider<TypeBoxTypeProvider>();
  typed.post(
    '/api/things',
    {
      schema: {
        body: Type.Object(
          { name: Type.String({ minLength: 1 }), size: Type.Optional(Type.Integer({ maximum: 10 })) },
          { additionalProperties: false },
        ),
      },
    },
    async (request) => ({ ok: request.body.name }),
  );
  typed.get('/api/boom', async () => {
    throw new Error('database password is hunter2 at /srv/secret.db');
  });
  typed.get('/api/teapot', async () => {
    throw new HttpProblem(418, 'Short and stout.', {
      type: 'https://example.org/problems/teapot',
      title: 'Teapot',
      extensions: { spout: true },
    });
  });
  typed.get('/api/gone', async (_request, reply) => sendProblem(reply, 410, 'It left.'));
  typed.get('/api/status-error', async () => {
    throw Object.assign(new Error('Too many tries.'), { statusCode: 429 });
  });
  app = base;
  await app.ready();
});
afterAll(async () => {
  await app?.close();
});

describe('problem plugin', () => {
  it('turns body validation errors into 400 naming the field', async () => {
    const missing = expectProblem(
      await app.inject({ method: 'POST', url: '/api/things', payload: {} }),
      400,
      "Body field 'name' is required",
    );
    expect(missing.errors).toEqual([{ in: 'body', name: 'name', message: 'is required' }]);
    expectProblem(
      await app.inject({ method: 'POST', url: '/api/things', payload: { name: 'a', size: 11 } }),
      400,
      "Body field 'size' must be at most 10.",
    );
    expectProblem(
      await app.inject({ method: 'POST', url: '/api/things', payload: { name: 'a', extra: 1 } }),
      400,
      "'extra' is not allowed",
    );
  });

  it('answers malformed JSON with 400', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/things',
      headers: { 'content-type': 'application/json' },
      payload: '{"name": ',
    });
    expectProblem(res, 400, 'not valid JSON');
  });

  it('answers an empty JSON body with 400', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/things',
      headers: { 'content-type': 'application/json' },
      payload: '',
    });
    expectProblem(res, 400, 'empty');
  });

  it('answers a body over the limit with 413', async () => {
    const res = await app.inject({ method: 'POST', url: '/api/things', payload: { name: 'x'.repeat(5000) } });
    expectProblem(res, 413, 'too large');
  });

  it('answers an unsupported content type with 415', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/things',
      headers: { 'content-type': 'application/x-nope' },
      payload: 'x',
    });
    expectProblem(res, 415);
  });

  it('hides internals of server faults and logs them', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/boom' });
    const body = expectProblem(res, 500, 'unexpected error');
    expect(res.body).not.toContain('hunter2');
    expect(res.body).not.toContain('secret.db');
    expect(body.title).toBe('Internal Server Error');
    expect(logged.some((l) => l.includes('hunter2'))).toBe(true);
  });

  it('keeps the status, type, title and extensions of an HttpProblem', async () => {
    const body = expectProblem(
      await app.inject({ method: 'GET', url: '/api/teapot?token=abc' }),
      418,
      'Short and stout.',
    );
    expect(body).toEqual({
      type: 'https://example.org/problems/teapot',
      title: 'Teapot',
      status: 418,
      detail: 'Short and stout.',
      instance: '/api/teapot',
      spout: true,
    });
  });

  it('sends problems from sendProblem and from errors with a 4xx statusCode', async () => {
    expectProblem(await app.inject({ method: 'GET', url: '/api/gone' }), 410, 'It left.');
    expectProblem(await app.inject({ method: 'GET', url: '/api/status-error' }), 429, 'Too many tries.');
  });

  it('answers unknown paths with 404 and known paths with another method with 405 and Allow', async () => {
    expectProblem(await app.inject({ method: 'GET', url: '/api/nothing' }), 404);
    const res = await app.inject({ method: 'PUT', url: '/api/things' });
    expectProblem(res, 405, 'PUT');
    expect(res.headers.allow).toBe('POST');
    expect((await app.inject({ method: 'DELETE', url: '/api/boom' })).headers.allow).toBe('GET, HEAD');
  });

  it('lets a shared cache keep the errors the URL alone decides, and no other', async () => {
    const cacheControl = async (method: 'GET' | 'HEAD' | 'POST' | 'PUT', url: string, status: number) => {
      const res = await app.inject({ method, url, ...(method === 'POST' ? { payload: {} } : {}) });
      expect(res.statusCode, url).toBe(status);
      return res.headers['cache-control'];
    };
    // The same for every reader until the content changes: kept like a page.
    expect(await cacheControl('GET', '/api/nothing', 404)).toBe(SHARED_CACHE_CONTROL);
    expect(await cacheControl('HEAD', '/api/nothing', 404)).toBe(SHARED_CACHE_CONTROL);
    expect(await cacheControl('GET', '/api/gone', 410)).toBe(SHARED_CACHE_CONTROL);
    expect(await cacheControl('GET', '/api/%E0%A4%A', 400)).toBe(SHARED_CACHE_CONTROL);
    // Who asks, the moment, or a write decides these: kept by nobody.
    expect(await cacheControl('GET', '/api/status-error', 429)).toBe('no-store');
    expect(await cacheControl('GET', '/api/boom', 500)).toBe('no-store');
    expect(await cacheControl('GET', '/api/teapot', 418)).toBe('no-store');
    expect(await cacheControl('POST', '/api/things', 400)).toBe('no-store');
    expect(await cacheControl('PUT', '/api/things', 405)).toBe('no-store');
  });

  it('answers a badly encoded URL with 400', async () => {
    expectProblem(await app.inject({ method: 'GET', url: '/api/%E0%A4%A' }), 400);
  });
});
