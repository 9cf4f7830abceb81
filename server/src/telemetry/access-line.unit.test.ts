import { Writable } from 'node:stream';
import pino from 'pino';
import type { FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { accessLineWriter, accessLogger, loggerOptions, type AccessLineFields } from './logger.ts';

/** The server's root logger (its options, with a stream that keeps the lines) and its access logger. */
function loggers(level = 'info') {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(chunk.toString());
      done();
    },
  });
  const { stream: _stdout, ...options } = loggerOptions(level);
  const root = pino(options as pino.LoggerOptions, stream);
  const { logger } = accessLogger({ log: root } as unknown as FastifyInstance);
  return { root, logger, lines, stream };
}

const flush = (stream: Writable) => new Promise((resolve) => setImmediate(resolve, stream));

describe('accessLineWriter', () => {
  afterEach(() => vi.useRealTimers());

  const cases: AccessLineFields[] = [
    {
      reqId: 'b3f1c2d4-1111-4222-8333-944455556666',
      method: 'GET',
      url: '/News?count=15',
      host: '127.0.0.1:3000',
      remoteAddress: '127.0.0.1',
      remotePort: 51234,
      statusCode: 200,
      responseTime: 0.123456789,
    },
    {
      reqId: 'proxy:id.1',
      method: 'GET',
      url: '/article/a-"quoted"-\\-slug?q=caf\u00e9\u2028',
      host: undefined,
      remoteAddress: undefined,
      remotePort: undefined,
      statusCode: 404,
      responseTime: 12,
    },
  ];

  it.each(cases)('writes the same line as pino, byte for byte ($statusCode)', async (f) => {
    vi.useFakeTimers({ toFake: ['Date'], now: new Date('2026-11-25T12:00:00.000Z') });
    const { logger, lines, stream } = loggers();
    logger.info(
      {
        reqId: f.reqId,
        req: { method: f.method, url: f.url, host: f.host, remoteAddress: f.remoteAddress, remotePort: f.remotePort },
        res: { statusCode: f.statusCode },
        responseTime: f.responseTime,
      },
      'request completed',
    );
    const write = accessLineWriter(logger);
    expect(write).not.toBeNull();
    write!(f);
    await flush(stream);
    expect(lines).toHaveLength(2);
    expect(lines[1]).toBe(lines[0]);
    expect(JSON.parse(lines[1]!)).toMatchObject({ level: 30, reqId: f.reqId, msg: 'request completed' });
  });

  it('is null where info lines are not written', () => {
    expect(accessLineWriter(loggers('warn').logger)).toBeNull();
  });
});
