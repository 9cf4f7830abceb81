import fs from 'node:fs';
import path from 'node:path';

/**
 * Which built JavaScript files belong to the admin area. Read from the build's source maps
 * (vite.config.ts builds with sourcemap: true): a chunk is admin code when one of its sources
 * lives in an `admin` folder or file of web/src (routes/admin, features/admin-*, components/admin,
 * lib/admin-*), in the sign-in or social-credentials features (features/auth, features/social),
 * or is the sign-in library (oidc-client-ts), the body editor's (Tiptap, ProseMirror) or the toast
 * library (sonner, with the app's toast helpers beside it: only the newsroom shows toasts): only the
 * admin area needs those. Without source maps it falls back to chunk names containing "admin".
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
    const isAdmin = (map.sources ?? []).some(isAdminSource);
    if (isAdmin) out.add(file);
  }
  return out;
}

/**
 * Public entry code that may look like admin code by its folder but is not: the one-function check
 * (features/social/x-return/should-load.ts) that the home page runs to see whether it was opened
 * as the X sign-in popup's return page; the social code itself loads only when that is true.
 */
const PUBLIC_ENTRY_EXCEPTIONS = [/web\/src\/features\/social\/x-return\/should-load\.tsx?$/];

export function isAdminSource(source: string): boolean {
  if (PUBLIC_ENTRY_EXCEPTIONS.some((re) => re.test(source))) return false;
  return (
    /web\/src\/(?:.*\/)?admin(?:[/.-]|$)/i.test(source) ||
    /web\/src\/features\/(?:auth|social)\//.test(source) ||
    /node_modules\/(?:oidc-client-ts|sonner|@tiptap\/[^/]+|prosemirror-[^/]+)\//.test(source)
  );
}

/** The file name (last path segment) of a request URL. */
export function fileOf(url: string): string {
  return path.posix.basename(new URL(url).pathname);
}
