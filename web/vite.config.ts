import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { build as esbuild } from 'esbuild';
import { build, defineConfig, type LogLevel, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { ssrBundleFile } from '../server/src/rendering/ssr-bundle.ts';

const root = import.meta.dirname;
const outDir = path.join(root, '../dist/web');

/** Text files that are served compressed: each gets a .br and a .gz twin, written once here. */
const COMPRESSIBLE = /\.(js|mjs|css|svg|json|txt|xml|webmanifest|ico)$/;

function precompress(dir: string): void {
  for (const entry of fs.readdirSync(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile() || !COMPRESSIBLE.test(entry.name)) continue;
    const file = path.join(entry.parentPath, entry.name);
    const body = fs.readFileSync(file);
    const br = zlib.brotliCompressSync(body, {
      params: {
        [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
        [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length,
      },
    });
    const gz = zlib.gzipSync(body, { level: zlib.constants.Z_BEST_COMPRESSION });
    if (br.length < body.length) fs.writeFileSync(`${file}.br`, br);
    if (gz.length < body.length) fs.writeFileSync(`${file}.gz`, gz);
  }
}

/**
 * The public pages' service worker (src/features/offline/worker/sw.ts, decision 056): one classic
 * script at the root of the build (`sw.js`, its scope is the whole site), bundled on its own so that it
 * shares no chunk with the app and holds none of the newsroom's code. The server sends it with
 * `Cache-Control: no-cache` (server/src/routes/offline).
 */
async function buildServiceWorker(webOutDir: string, minify: boolean): Promise<void> {
  await esbuild({
    entryPoints: [path.join(root, 'src/features/offline/worker/sw.ts')],
    outfile: path.join(webOutDir, 'sw.js'),
    bundle: true,
    format: 'iife',
    target: 'es2022',
    minify,
    sourcemap: true,
    legalComments: 'none',
    alias: { '@common': path.join(root, '../common'), '@': path.join(root, 'src') },
    logLevel: 'warning',
  });
}

/**
 * After the browser build: the service worker, then compress the static files once (brotli and gzip, served as they are),
 * then build the server renderer (same config, SSR mode) so every `vite build` yields both. The
 * renderer's bundle (src/entry-server.tsx) lies next to the public files, outside them: dist/web ->
 * dist/ssr (another `--outDir` gets its own `ssr` folder beside it).
 */
function serverRendererAndCompression(): Plugin {
  let ssr = false;
  let logLevel: LogLevel | undefined;
  let webOutDir = outDir;
  let minify = true;
  return {
    name: 'tabloid-ssr-and-compression',
    apply: 'build',
    configResolved(config) {
      ssr = Boolean(config.build.ssr);
      logLevel = config.logLevel;
      webOutDir = path.resolve(config.root, config.build.outDir);
      minify = config.build.minify !== false;
    },
    async closeBundle() {
      if (ssr) return;
      await buildServiceWorker(webOutDir, minify);
      precompress(webOutDir);
      await build({
        configFile: path.join(root, 'vite.config.ts'),
        logLevel,
        build: {
          ssr: path.join(root, 'src/entry-server.tsx'),
          // Where the server looks for it (server/src/rendering/ssr-bundle.ts).
          outDir: path.dirname(ssrBundleFile(webOutDir)),
          emptyOutDir: true,
          copyPublicDir: false,
          sourcemap: true,
        },
        // React, the router and the query cache bundled into the renderer: at the server's start
        // Node then loads one file instead of resolving and linking their modules in node_modules.
        ssr: { noExternal: true },
        // One build of each bundled package (React picks one at run time): the one of this build's
        // mode, production unless NODE_ENV says otherwise (the tests' development build, whose JSX is
        // compiled for React's development build too).
        define: { 'process.env.NODE_ENV': JSON.stringify(process.env.NODE_ENV ?? 'production') },
      });
    },
  };
}

export default defineConfig({
  root,
  publicDir: path.join(root, 'public'),
  plugins: [react(), tailwindcss(), serverRendererAndCompression()],
  resolve: { alias: { '@': path.join(root, 'src'), '@common': path.join(root, '../common') } },
  build: {
    outDir,
    emptyOutDir: true,
    sourcemap: true,
    assetsInlineLimit: 0,
  },
  server: {
    proxy: { '/News': 'http://127.0.0.1:3000', '/api': 'http://127.0.0.1:3000', '/oidc': 'http://127.0.0.1:3000' },
  },
});
