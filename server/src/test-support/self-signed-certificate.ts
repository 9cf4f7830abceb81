import { spawnSync } from 'node:child_process';
import fs from 'node:fs/promises';
import path from 'node:path';

/**
 * A self-signed certificate for 127.0.0.1: the Azure Monitor exporter only speaks https, so the
 * collector serves TLS and the server process trusts exactly this certificate (NODE_EXTRA_CA_CERTS).
 */
export async function selfSignedCertificate(dir: string): Promise<{ key: string; cert: string; certFile: string }> {
  const keyFile = path.join(dir, 'key.pem');
  const certFile = path.join(dir, 'cert.pem');
  const out = spawnSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'rsa:2048',
      '-nodes',
      '-keyout',
      keyFile,
      '-out',
      certFile,
      '-days',
      '1',
      '-subj',
      '/CN=127.0.0.1',
      '-addext',
      'subjectAltName=IP:127.0.0.1',
    ],
    { encoding: 'utf8' },
  );
  if (out.status !== 0) throw new Error(`openssl failed: ${out.stderr}`);
  return { key: await fs.readFile(keyFile, 'utf8'), cert: await fs.readFile(certFile, 'utf8'), certFile };
}
