// `npm run build:server` (part of `npm run build`): compiles the server (TypeScript) to JavaScript
// in dist/server/, so that production runs `node dist/server/server.js` without the tsx loader (no
// transpiling at start-up, no loader thread: less memory). Packages stay external (node_modules is
// read at run time); our own modules (server/src, common) are bundled; dynamic imports stay dynamic
// (code splitting), so the OpenTelemetry SDK is still loaded only when a connection string is set.
// The output folder must lie inside the project: the compiled server finds the project root (and
// node_modules) by walking up from its own folder (server/src/project-root.ts).
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

export const ROOT = path.resolve(import.meta.dirname, '..');

/** Compiles server/src/server.ts into `outdir` (emptied first); returns the entry file. */
export async function buildServer(outdir = path.join(ROOT, 'dist/server')) {
  fs.rmSync(outdir, { recursive: true, force: true });
  const result = await build({
    absWorkingDir: ROOT,
    entryPoints: { server: 'server/src/server.ts' },
    outdir,
    bundle: true,
    splitting: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    sourcemap: true,
    chunkNames: 'chunks/[name]-[hash]',
    logLevel: 'warning',
    metafile: true,
  });
  const bytes = Object.values(result.metafile.outputs).reduce((n, o) => n + o.bytes, 0);
  return { entry: path.join(outdir, 'server.js'), bytes };
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const { entry, bytes } = await buildServer();
  console.log(`server compiled to ${path.relative(ROOT, entry)} (${(bytes / 1024).toFixed(0)} KB with source maps)`);
}
