import fs from 'node:fs';
import path from 'node:path';

const HEAD_MARKER = /<!--app-head-->[\s\S]*?<!--\/app-head-->/;
const CONFIG_MARKER = '<!--app-config-->';
const APP_HTML_MARKER = '<!--app-html-->';
const APP_STATE_MARKER = '<!--app-state-->';

/**
 * The built index.html, split once at its two markers so each page is three string joins.
 * Missing markers are tolerated: the head then goes before </head>, the config after it.
 */
export class SpaShell {
  private readonly parts: [string, string, string];

  constructor(readonly html: string) {
    let text = html;
    if (!HEAD_MARKER.test(text)) text = text.replace(/<\/head>/i, (m) => `<!--app-head--><!--/app-head-->${m}`);
    if (!text.includes(CONFIG_MARKER)) text = text.replace(/<\/head>/i, (m) => `${CONFIG_MARKER}${m}`);
    const head = HEAD_MARKER.exec(text);
    if (!head) throw new Error('index.html has no </head>');
    const before = text.slice(0, head.index);
    const rest = text.slice(head.index + head[0].length);
    const at = rest.indexOf(CONFIG_MARKER);
    if (at === -1) throw new Error('index.html: <!--app-config--> must come after <!--app-head-->');
    this.parts = [before, rest.slice(0, at), rest.slice(at + CONFIG_MARKER.length)];
  }

  /**
   * `head` is trusted markup (already escaped); `configJson` and `stateJson` must come from
   * jsonForScript(). `appHtml` (the server-rendered page) goes into the root element's
   * `<!--app-html-->` marker, and the state script into `<!--app-state-->`; without markers
   * (or without a rendered page) they are left out.
   */
  render(head: string, configJson: string, appHtml = '', stateJson?: string): string {
    const [before, middle, after] = this.parts;
    const state = stateJson ? `<script id="app-state" type="application/json">${stateJson}</script>` : '';
    const body = after.replace(APP_HTML_MARKER, () => appHtml).replace(APP_STATE_MARKER, () => state);
    return `${before}${head}${middle}<script id="app-config" type="application/json">${configJson}</script>${body}`;
  }

  /** Reads dist/index.html; null when the front end has not been built. */
  static load(distDir: string): SpaShell | null {
    const file = path.join(distDir, 'index.html');
    if (!fs.existsSync(file)) return null;
    return new SpaShell(fs.readFileSync(file, 'utf8'));
  }
}

/** Every file under distDir except the shell, as URL paths without the leading slash ('assets/x.js'). */
export function listStaticFiles(distDir: string): Set<string> {
  const out = new Set<string>();
  if (!fs.existsSync(distDir)) return out;
  for (const entry of fs.readdirSync(distDir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const full = path.join(entry.parentPath, entry.name);
    const rel = path.relative(distDir, full).split(path.sep).join('/');
    // Source maps stay on disk (for debugging and checks) but are not served to the public.
    if (rel !== 'index.html' && !rel.endsWith('.map')) out.add(rel);
  }
  return out;
}
