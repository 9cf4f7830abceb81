// `npm run build:server` (part of `npm run build`): compiles the server (TypeScript) to JavaScript
// in dist/server/, so that production runs `node dist/server/server.js` without the tsx loader (no
// transpiling at start-up, no loader thread: less memory). Our own modules (server/src, common) and
// the pure-JavaScript packages they import are bundled into one file: resolving, reading and
// linking some 600 module files cost about a third of a cold start (docs/decisions/028-shared-cache.md). The
// packages in EXTERNAL stay in node_modules, read at run time; dynamic imports stay dynamic (code
// splitting), so the OpenTelemetry SDK is still loaded only when a connection string is set.
// The output folder must lie inside the project: the compiled server finds the project root (and
// node_modules) by walking up from its own folder (server/src/project-root.ts).
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

export const ROOT = path.resolve(import.meta.dirname, '..');

/**
 * Packages left in node_modules: native addons (better-sqlite3, sharp, resvg, pg's optional pg-native),
 * packages that read files next to their own code at run time (the API docs' UI, the OpenID
 * provider with its views and Koa), and the large ones loaded only on some machines, on first use
 * (PostgreSQL's driver and pg-boss, S3, the telemetry SDK), plus test-only fakes.
 */
export const EXTERNAL = [
  'better-sqlite3',
  'sharp',
  '@resvg/resvg-js',
  // Loads its layout engine (WebAssembly) next to its own code; used only when a card is drawn.
  'satori',
  'pg',
  'pg-native',
  'pg-boss',
  'oidc-provider',
  '@fastify/swagger-ui',
  '@aws-sdk/*',
  '@opentelemetry/*',
  '@azure/*',
  'happy-dom',
  's3rver',
];

/**
 * twitter-text imports 'punycode', which Node resolves to its deprecated built-in module (a
 * DeprecationWarning at every start): the import gets the npm package of that name that the
 * importing package depends on (a trailing slash names the package, not the built-in).
 */
const punycodePackage = {
  name: 'punycode-package',
  setup(b) {
    b.onResolve({ filter: /^punycode$/ }, (args) =>
      b.resolve('punycode/', { kind: args.kind, resolveDir: args.resolveDir, importer: args.importer }),
    );
  },
};

/** Compiles the server (server/src/main.ts, then server.ts) into `outdir` (emptied first); returns the entry file. */
export async function buildServer(outdir = path.join(ROOT, 'dist/server')) {
  fs.rmSync(outdir, { recursive: true, force: true });
  const result = await build({
    absWorkingDir: ROOT,
    // server/src/main.ts turns source maps on, then loads server.ts (a chunk of its own).
    entryPoints: { server: 'server/src/main.ts' },
    outdir,
    bundle: true,
    splitting: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    external: EXTERNAL,
    plugins: [punycodePackage],
    // The bundled CommonJS packages call require() for Node's modules and their JSON files.
    banner: {
      js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);",
    },
    // Whitespace and syntax only: function names stay as written in stack traces and profiles.
    minifyWhitespace: true,
    minifySyntax: true,
    // Source maps without the sources' text (the files are in the tree): Node keeps every map it
    // reads in memory (server/src/main.ts turns them on for our code only).
    sourcemap: true,
    sourcesContent: false,
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
