import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PROJECT_ROOT } from '../project-root.ts';
import { freePort } from './free-port.ts';

export const NGINX = process.env.NGINX_PATH || '/usr/sbin/nginx';
/** The shipped load balancer and shared cache (compose.yaml reads it as a conf.d file). */
export const SHIPPED_NGINX_CONF = path.join(PROJECT_ROOT, 'deploy/nginx.conf');

export interface NginxFront {
  baseUrl: string;
  port: number;
  /** The folder of its config, cache and logs (removed by stop). */
  dir: string;
  /** What nginx wrote to stderr. */
  output(): string;
  stop(): Promise<void>;
}

/**
 * deploy/nginx.conf made to run here: each upstream block lists the local instances `upstream` (host:port,
 * one or several) instead of app1 and app2, keeping its other lines (how it chooses, its keep-alive); it
 * listens on 127.0.0.1:`port`, and its cache lives under `dir`. Everything else (the cache's rules, the
 * headers, the locations) is the shipped text; a change there that this cannot apply fails loudly.
 */
export function templateShippedConf(
  text: string,
  { upstream, port, dir }: { upstream: string | string[]; port: number; dir: string },
) {
  // Always a function: a replacement string would expand `$&` or `$1` inside a path.
  const replace = (from: RegExp, to: (match: string, ...groups: string[]) => string) => {
    if (!from.test(text)) throw new Error(`deploy/nginx.conf no longer has ${from}`);
    text = text.replace(from, to);
  };
  const servers = [upstream].flat().map((address) => `\n    server ${address};`);
  replace(
    /(upstream \w+ \{)([^}]*)\}/g,
    (_block, head: string, body: string) => `${head}${servers.join('')}${body.replace(/\n\s*server [^;]*;/g, '')}}`,
  );
  replace(/proxy_cache_path \/var\/cache\/nginx\/tabloid /, () => `proxy_cache_path ${dir}/cache `);
  replace(/listen 80;/, () => `listen 127.0.0.1:${port};`);
  return text;
}

/**
 * nginx's minimum main file, with its pid file and temporary paths in `dir`, around `http`: the
 * lines of the http block (a server block, or an include of one).
 */
export function nginxMainConf(
  dir: string,
  http: string,
  options: { workers?: number; accessLog?: string; errorLog?: string } = {},
): string {
  return `worker_processes ${options.workers ?? 1};
pid ${dir}/nginx.pid;
error_log ${options.errorLog ?? `${dir}/nginx-error.log`} warn;
events { worker_connections 4096; }
http {
  access_log ${options.accessLog ?? 'off'};
  sendfile on;
  tcp_nopush on;
  keepalive_requests 1000000;
  client_body_temp_path ${dir}/body;
  proxy_temp_path ${dir}/proxy;
  fastcgi_temp_path ${dir}/fastcgi;
  uwsgi_temp_path ${dir}/uwsgi;
  scgi_temp_path ${dir}/scgi;
  ${http}
}
`;
}

/**
 * Starts Debian's nginx (a child process, `daemon off`, its own prefix) with the shipped
 * configuration in front of `upstream` (host:port, or several instances), on a free port of 127.0.0.1. The shipped file is
 * a conf.d file: the main file around it is nginx's minimum, with the temporary paths in `dir`.
 */
export async function startNginxFront(
  upstream: string | string[],
  options: { workers?: number; accessLog?: boolean } = {},
): Promise<NginxFront> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tabloid-nginx-'));
  fs.chmodSync(dir, 0o755);
  let output = '';
  let child: ChildProcess | undefined;
  // A port is free when asked and taken by nginx a moment later: another process may take it in
  // between (nginx then exits at once), so a few ports are tried.
  for (let attempt = 0; attempt < 5; attempt++) {
    const port = await freePort();
    const site = templateShippedConf(fs.readFileSync(SHIPPED_NGINX_CONF, 'utf8'), { upstream, port, dir });
    fs.writeFileSync(path.join(dir, 'site.conf'), site);
    fs.writeFileSync(
      path.join(dir, 'nginx.conf'),
      nginxMainConf(dir, `include ${dir}/site.conf;`, {
        workers: options.workers,
        accessLog: options.accessLog ? `${dir}/access.log` : 'off',
        errorLog: 'stderr',
      }),
    );
    child = spawn(NGINX, ['-p', dir, '-c', path.join(dir, 'nginx.conf'), '-g', 'daemon off;'], {
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    const proc = child;
    proc.stderr!.on('data', (d) => (output += d));
    const exited = new Promise<void>((resolve) => proc.once('exit', () => resolve()));
    const baseUrl = `http://127.0.0.1:${port}`;
    if (await answers(baseUrl, exited)) {
      return {
        baseUrl,
        port,
        dir,
        output: () => output,
        stop: async () => {
          if (proc.exitCode === null && proc.signalCode === null) {
            proc.kill('SIGQUIT');
            await exited;
          }
          fs.rmSync(dir, { recursive: true, force: true });
        },
      };
    }
  }
  fs.rmSync(dir, { recursive: true, force: true });
  throw new Error(`nginx did not start:\n${output}`);
}

/** True once nginx accepts a connection, false when it exited first. */
async function answers(baseUrl: string, exited: Promise<void>): Promise<boolean> {
  let gone = false;
  void exited.then(() => (gone = true));
  const deadline = Date.now() + 10_000;
  while (!gone && Date.now() < deadline) {
    try {
      // Any answer (the instance may not be up yet: nginx then answers 502 itself).
      await (await fetch(`${baseUrl}/healthz`)).arrayBuffer();
      return true;
    } catch {
      await new Promise((r) => setTimeout(r, 20));
    }
  }
  return false;
}
