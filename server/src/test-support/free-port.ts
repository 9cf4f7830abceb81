import net from 'node:net';

/** Asks the OS for a free TCP port on 127.0.0.1 (listen on 0, read it, close). */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.unref();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const addr = srv.address();
      if (!addr || typeof addr === 'string') {
        srv.close();
        reject(new Error('could not read the port'));
        return;
      }
      srv.close(() => resolve(addr.port));
    });
  });
}
