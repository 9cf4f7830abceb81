import { describe, expect, it } from 'vitest';
import { loadConfig } from './config.ts';
import { fastifyTrustProxy, parseTrustProxy } from './trust-proxy.ts';

describe('TRUST_PROXY', () => {
  const parse = (raw: string | undefined) => {
    const problems: string[] = [];
    return { value: parseTrustProxy(raw, problems), problems };
  };

  it('defaults to false (unset, empty, false/0)', () => {
    for (const raw of [undefined, '', '  ', 'false', 'FALSE', '0', 'off'])
      expect(parse(raw)).toEqual({ value: false, problems: [] });
  });

  it('accepts true, a hop count, or a list of addresses, CIDR ranges and proxy-addr names', () => {
    expect(parse('true').value).toBe(true);
    expect(parse(' 2 ').value).toBe(2);
    expect(parse('10.0.0.1').value).toEqual(['10.0.0.1']);
    expect(parse('10.0.0.0/8, 192.168.1.7 ,::1,fd00::/8,Loopback').value).toEqual([
      '10.0.0.0/8',
      '192.168.1.7',
      '::1',
      'fd00::/8',
      'loopback',
    ]);
    for (const raw of ['true', '2', '10.0.0.0/8,::1', 'loopback,uniquelocal,linklocal'])
      expect(parse(raw).problems).toEqual([]);
  });

  it('rejects anything else with one clear problem', () => {
    for (const raw of [
      'maybe',
      '101',
      '-1',
      '1.5',
      '10.0.0.0/33',
      '::1/129',
      '10.0.0',
      'example.com',
      '10.0.0.1,,10.0.0.2',
      '10.0.0.0/8/1',
      '10.0.0.1/x',
    ]) {
      const r = parse(raw);
      expect(r.value, raw).toBe(false);
      expect(r.problems, raw).toEqual([
        `TRUST_PROXY must be true, false, a hop count from 1 to 100, or a comma-separated list of proxy addresses or CIDR ranges (got "${raw}")`,
      ]);
    }
  });

  it('is part of the configuration; a bad value is a configuration error', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '10.1.2.3' }).trustProxy).toEqual(['10.1.2.3']);
    expect(() => loadConfig({ TRUST_PROXY: 'yes please' })).toThrow(/TRUST_PROXY must be true, false, a hop count/);
  });

  it('a hop count trusts the N nearest hops (Fastify would trust none for a bare number)', () => {
    const fn = fastifyTrustProxy(2) as (a: string, i: number) => boolean;
    expect([0, 1, 2].map((i) => fn('203.0.113.1', i))).toEqual([true, true, false]);
    expect(fastifyTrustProxy(false)).toBe(false);
    expect(fastifyTrustProxy(['10.0.0.1'])).toEqual(['10.0.0.1']);
  });
});
