import fs from 'node:fs';
import path from 'node:path';

/**
 * Which built JavaScript files belong to the admin area. Read from the build's source maps
 * (vite.config.ts builds with sourcemap: true): a chunk is admin code when one of its sources
 * lives in an `admin` folder or file of web/src (routes/admin, features/admin-*, components/admin,
 * lib/admin-*), in the sign-in or social-credentials features (features/auth, features/social),
 * or is the sign-in library (oidc-client-ts): only the admin area needs those. Without source maps it
 * falls back to chunk names containing "admin".
 */
export function adminChunks(distDir: string): Set<string> {
  const assets = path.join(distDir, 'assets');
  const out = new Set<string>();
  if (!fs.existsSync(assets)) throw new Error(`no built front end in ${distDir}: run the vite build first`);
  const files = fs.readdirSync(assets).filter((f) => /\.m?js$/.test(f));
  for (const file of files) {
    if (/admin/i.test(file)) {
      out.add(file);
      continue;
    }
    const mapFile = path.join(assets, `${file}.map`);
    if (!fs.existsSync(mapFile)) continue;
    const map = JSON.parse(fs.readFileSync(mapFile, 'utf8')) as { sources?: string[] };
    const isAdmin = (map.sources ?? []).some(
      (s) =>
        /web\/src\/(?:.*\/)?admin(?:[/.-]|$)/i.test(s) ||
        /web\/src\/features\/(?:auth|social)\//.test(s) ||
        /node_modules\/oidc-client-ts\//.test(s),
    );
    if (isAdmin) out.add(file);
  }
  return out;
}

/** The file name (last path segment) of a request URL. */
export function fileOf(url: string): string {
  return path.posix.basename(new URL(url).pathname);
}
