// `npm test` (scripts/test.mjs) makes two front-end builds: the production build readers and editors
// get, in the server's default WEB_DIST_DIR (dist/web), and React's development build, here, for the
// tests that check hydration (e2e/support/app.ts serves it to them). Each has its server renderer in
// an `ssr` folder beside its public files (web/vite.config.ts).

/** React's development build's public files, under the project. */
export const DEVELOPMENT_WEB_DIST = 'dist/dev/web';
