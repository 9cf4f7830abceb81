import fs from 'node:fs';
import net from 'node:net';

/** Linux's range of ports for outgoing connections (and for `listen(0)`), else its default. */
function ephemeralRange(): [number, number] {
  try {
    const [low, high] = fs
      .readFileSync('/proc/sys/net/ipv4/ip_local_port_range', 'utf8')
      .trim()
      .split(/\s+/)
      .map(Number);
    if (low && high && low > 2048) return [low, high];
  } catch {
    // Not Linux: the IANA range.
  }
  return [49152, 65535];
}

const [EPHEMERAL_LOW] = ephemeralRange();
/** Ports are picked from below the ephemeral range, above the well-known services. */
const LOW = Math.max(10_000, EPHEMERAL_LOW - 12_000);

/**
 * Each test worker picks from a slice of its own (vitest numbers its workers from 1 in
 * VITEST_POOL_ID), so two workers never hand out the same port; 8 slices of about 1,500 ports.
 */
const SLICES = 8;
const SLICE = Math.floor((EPHEMERAL_LOW - LOW) / SLICES);
const worker = Number(process.env.VITEST_POOL_ID ?? 0);
const SLICE_LOW = LOW + ((Number.isInteger(worker) && worker > 0 ? worker - 1 : 0) % SLICES) * SLICE;

/** Ports this process handed out: a server started a moment later has not taken its port yet. */
const handedOut = new Set<number>();

function tryListen(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const srv = net.createServer();
    srv.unref();
    srv.once('error', () => resolve(false));
    srv.listen(port, '127.0.0.1', () => srv.close(() => resolve(true)));
  });
}

/**
 * A free TCP port on 127.0.0.1 for a server a test starts a moment later (a child process, or an
 * app whose configuration must name its own address).
 *
 * The port is picked at random below the ephemeral range, not with `listen(0)`: a port handed out by
 * `listen(0)` comes from the range the OS also uses for outgoing connections, and on a busy machine
 * a connection made by any process between this check and the server's `listen` took it
 * (EADDRINUSE). Below that range only another server started on the same port can take it: each
 * worker picks from its own slice, and never hands out a port twice (two servers of one test started
 * together, each between its check and its `listen`, could otherwise be given the same one).
 */
export async function freePort(): Promise<number> {
  for (let attempt = 0; attempt < 50; attempt++) {
    const port = SLICE_LOW + Math.floor(Math.random() * SLICE);
    if (handedOut.has(port)) continue;
    if (await tryListen(port)) {
      handedOut.add(port);
      return port;
    }
  }
  throw new Error('no free port found below the ephemeral range');
}
