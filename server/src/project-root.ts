import fs from 'node:fs';
import path from 'node:path';

/**
 * The repository (install) root: the nearest folder at or above `from` that holds package.json.
 * Works from the TypeScript sources (server/src/...) and from the compiled build (dist/server/).
 */
export function findProjectRoot(from: string = import.meta.dirname): string {
  for (let dir = path.resolve(from); ; dir = path.dirname(dir)) {
    if (fs.existsSync(path.join(dir, 'package.json'))) return dir;
    if (path.dirname(dir) === dir) throw new Error(`no package.json at or above ${from}`);
  }
}

export const PROJECT_ROOT = findProjectRoot();
