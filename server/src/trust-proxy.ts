import net from 'node:net';

/**
 * TRUST_PROXY: which X-Forwarded-For/-Proto/-Host headers are believed (request.ip, the
 * per-IP login throttle, secure cookies of the built-in sign-in). Default false: a client that
 * sends X-Forwarded-For changes nothing.
 *   false            trust no proxy (the socket's address is the client)
 *   true             trust every hop (only when every request comes through your proxies)
 *   N (1-100)        trust the N hops nearest to the server (only when the server is reachable
 *                    through the proxies alone)
 *   a,b,c            trust these proxy addresses / CIDR ranges (e.g. 10.0.0.0/8, ::1) or the
 *                    names loopback, linklocal, uniquelocal
 */
export type TrustProxy = false | true | number | string[];

const NAMED = new Set(['loopback', 'linklocal', 'uniquelocal']);

function validEntry(entry: string): boolean {
  if (NAMED.has(entry)) return true;
  const [address, prefix, ...rest] = entry.split('/');
  if (rest.length) return false;
  const family = net.isIP(address ?? '');
  if (!family) return false;
  if (prefix === undefined) return true;
  if (!/^\d{1,3}$/.test(prefix)) return false;
  return Number(prefix) <= (family === 4 ? 32 : 128);
}

/** Parses TRUST_PROXY; pushes a problem (and answers false) when the value is not valid. */
export function parseTrustProxy(raw: string | undefined, problems: string[]): TrustProxy {
  const v = (raw ?? '').trim();
  if (!v) return false;
  const lower = v.toLowerCase();
  if (['false', 'no', 'off', '0'].includes(lower)) return false;
  if (['true', 'yes', 'on'].includes(lower)) return true;
  if (/^\d+$/.test(v)) {
    const n = Number(v);
    if (n >= 1 && n <= 100) return n;
  } else {
    const entries = v.split(',').map((e) => e.trim().toLowerCase());
    const bad = entries.filter((e) => !validEntry(e));
    if (!bad.length) return entries;
  }
  problems.push(
    `TRUST_PROXY must be true, false, a hop count from 1 to 100, or a comma-separated list of proxy addresses or CIDR ranges (got "${v}")`,
  );
  return false;
}

/**
 * Fastify's trustProxy option for a parsed TRUST_PROXY. A hop count becomes "trust the N
 * nearest hops" (Fastify 5 treats a bare number as trusting nothing, since it cannot check the
 * immediate peer; the README says to use a count only when the proxies are the only way in).
 */
export function fastifyTrustProxy(tp: TrustProxy): boolean | string[] | ((address: string, hop: number) => boolean) {
  if (typeof tp === 'number') return (_address: string, hop: number) => hop < tp;
  return tp;
}
