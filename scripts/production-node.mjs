/**
 * The Node flags production runs the compiled server with: `npm start` (scripts/start.mjs) and the
 * benchmarks, which measure the server as it runs (the Dockerfile's CMD repeats them).
 * A small young generation and a heap limit keep the resident memory near what the server uses.
 */
export const PRODUCTION_NODE_FLAGS = ['--max-semi-space-size=4', '--max-old-space-size=256'];
