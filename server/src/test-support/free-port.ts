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
 * (EADDRINUSE). Below that range only another server started on the same port can take it.
 */
export async function freePort(): Promise<number> {
  for (let attempt = 0; attempt < 50; attempt++) {
    const port = LOW + Math.floor(Math.random() * (EPHEMERAL_LOW - LOW));
    if (await tryListen(port)) return port;
  }
  throw new Error('no free port found below the ephemeral range');
}
