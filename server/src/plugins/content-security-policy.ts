import { createHash } from 'node:crypto';

/**
 * The pages' Content-Security-Policy as an extensible list of directives. Other features add
 * what they need (e.g. telemetry: `app.contentSecurityPolicy.add('connect-src', 'https://ingest.example')`)
 * before the server starts answering; the header string is rebuilt only after a change.
 */
export type CspDirective =
  | 'default-src'
  | 'script-src'
  | 'style-src'
  | 'img-src'
  | 'font-src'
  | 'connect-src'
  | 'frame-src'
  | 'frame-ancestors'
  | 'base-uri'
  | 'form-action'
  | 'object-src'
  | 'manifest-src'
  | 'worker-src';

export const DEFAULT_CSP: ReadonlyArray<readonly [CspDirective, readonly string[]]> = [
  ['default-src', ["'self'"]],
  ['script-src', ["'self'"]],
  // The toast library (sonner) injects its stylesheet as a <style> element at run time; inline
  // styles are allowed for that, scripts never are.
  ['style-src', ["'self'", "'unsafe-inline'"]],
  ['img-src', ["'self'", 'data:']],
  ['font-src', ["'self'"]],
  ['connect-src', ["'self'"]],
  // The sign-in library renews silently in a hidden same-origin iframe.
  ['frame-src', ["'self'"]],
  ['frame-ancestors', ["'none'"]],
  ['base-uri', ["'self'"]],
  ['form-action', ["'self'"]],
  ['object-src', ["'none'"]],
  // The web app manifest the public pages link (/manifest.webmanifest), named rather than left to
  // default-src so that narrowing the default never stops phones reading it.
  ['manifest-src', ["'self'"]],
];

const SOURCE = /^[^\s;,]+$/;

/** The source that allows one inline `<script>` with exactly this text: `'sha256-…'`. */
export function inlineScriptSource(text: string): string {
  return `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;
}

export class ContentSecurityPolicy {
  private readonly directives = new Map<string, string[]>();
  private cached: string | undefined;

  constructor(initial: ReadonlyArray<readonly [string, readonly string[]]> = DEFAULT_CSP) {
    for (const [name, sources] of initial) this.directives.set(name, [...sources]);
  }

  /** Adds sources to a directive (created if missing); "'none'" is dropped once a real source is added. */
  add(directive: CspDirective, ...sources: string[]): this {
    const list = this.directives.get(directive) ?? [];
    for (const source of sources) {
      if (!SOURCE.test(source)) throw new Error(`Invalid CSP source for ${directive}: ${JSON.stringify(source)}`);
      if (!list.includes(source)) list.push(source);
    }
    const withoutNone = list.length > 1 ? list.filter((s) => s !== "'none'") : list;
    this.directives.set(directive, withoutNone);
    this.cached = undefined;
    return this;
  }

  sources(directive: CspDirective): readonly string[] {
    return this.directives.get(directive) ?? [];
  }

  toString(): string {
    this.cached ??= [...this.directives].map(([name, sources]) => `${name} ${sources.join(' ')}`).join('; ');
    return this.cached;
  }
}

/**
 * A policy string with some directives set to new values: a directive already in `policy` is
 * replaced where it stands, the others are appended, so no directive appears twice (a browser
 * obeys only the first of two, silently).
 */
export function withDirectives(policy: string, overrides: Readonly<Record<string, string>>): string {
  const wanted = new Map(Object.entries(overrides).map(([name, value]) => [name.toLowerCase(), value]));
  const out: string[] = [];
  const seen = new Set<string>();
  for (const part of policy.split(';')) {
    const directive = part.trim();
    if (!directive) continue;
    const name = directive.split(/\s+/, 1)[0]!.toLowerCase();
    if (seen.has(name)) continue;
    seen.add(name);
    const value = wanted.get(name);
    out.push(value === undefined ? directive : `${name} ${value}`);
  }
  for (const [name, value] of wanted) if (!seen.has(name)) out.push(`${name} ${value}`);
  return out.join('; ');
}
