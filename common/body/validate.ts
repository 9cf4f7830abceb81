import {
  BODY_LIMITS,
  BODY_MAX_BYTES,
  EMBED_PROVIDERS,
  type BodyBlock,
  type BodyDoc,
  type BodyProblem,
  type EmbedProvider,
} from './types.ts';

/**
 * The allow-list check of a stored body (decision 032). It refuses what the format does not name (a
 * node, mark or attribute), a link that is not http(s), mailto: or an article path, an embed URL
 * that is not the provider's, an image id that is not a library id, and a body over BODY_MAX_BYTES.
 * Each problem names where it is, as a JSON path from `root`. Whether each image exists is the
 * server's question (`bodyImageIds`), not this function's.
 */
export type BodyValidation = { ok: true; value: BodyDoc } | { ok: false; problems: BodyProblem[] };

/** At most this many problems are reported (a hostile body may have thousands). */
const MAX_PROBLEMS = 20;

const IMAGE_ID = /^[0-9a-f]{32}$/;
/** C0 controls other than tab and newline, DEL, lone surrogates are never text. */
const FORBIDDEN_TEXT =
  // eslint-disable-next-line no-control-regex
  /[\u0000-\u0008\u000b-\u001f\u007f\ufffe\uffff]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;
/** A site path of another article: `/article/…` with URL-safe characters only (no `//`, no `\`). */
const ARTICLE_PATH = /^\/article\/(?!\/)[A-Za-z0-9\-._~%!$&'()*+,;=:@/?#]*$/;

const EMBED_HOSTS: Record<EmbedProvider, readonly string[]> = {
  x: ['x.com', 'www.x.com', 'twitter.com', 'www.twitter.com', 'mobile.twitter.com', 'mobile.x.com'],
  youtube: ['youtube.com', 'www.youtube.com', 'm.youtube.com', 'youtu.be', 'www.youtube-nocookie.com'],
};

export function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Whether `href` is a link the body may carry: http(s) or mailto: URL, or a path of another article. */
export function isAllowedHref(href: string): boolean {
  if (href.length === 0 || href.length > BODY_LIMITS.href || href !== href.trim()) return false;
  if (href.startsWith('/')) return ARTICLE_PATH.test(href) && !href.includes('//');
  let url: URL;
  try {
    url = new URL(href);
  } catch {
    return false;
  }
  if (url.protocol === 'mailto:') return /^mailto:[^\s<>"]+$/i.test(href);
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return false;
  // The scheme must be written as such (no whitespace or control characters the URL parser drops).
  return /^https?:\/\/[^\s\\<>"]+$/i.test(href) && url.username === '' && url.password === '';
}

/** Whether `url` is an https URL on the provider's own site. */
export function isEmbedUrl(provider: EmbedProvider, url: string): boolean {
  if (url.length > BODY_LIMITS.embedUrl || !/^https:\/\/[^\s\\<>"]+$/i.test(url)) return false;
  try {
    const parsed = new URL(url);
    return (
      parsed.protocol === 'https:' &&
      parsed.username === '' &&
      parsed.password === '' &&
      parsed.port === '' &&
      EMBED_HOSTS[provider].includes(parsed.hostname.toLowerCase())
    );
  } catch {
    return false;
  }
}

class Checker {
  readonly problems: BodyProblem[] = [];

  fail(path: string, message: string): void {
    if (this.problems.length < MAX_PROBLEMS) this.problems.push({ path, message });
  }

  get full(): boolean {
    return this.problems.length >= MAX_PROBLEMS;
  }

  /** The node's own keys must be among `allowed`; returns false (and reports) otherwise. */
  keys(node: Record<string, unknown>, path: string, allowed: readonly string[]): boolean {
    let ok = true;
    for (const key of Object.keys(node)) {
      if (!allowed.includes(key)) {
        this.fail(`${path}.${key}`, `is not allowed on a ${String(node.type)} node`);
        ok = false;
      }
    }
    return ok;
  }

  attrs(
    node: Record<string, unknown>,
    path: string,
    allowed: readonly string[],
    required: boolean,
  ): Record<string, unknown> | undefined {
    const attrs = node.attrs;
    if (attrs === undefined) {
      if (required) this.fail(`${path}.attrs`, 'is required');
      return required ? undefined : {};
    }
    if (!isObject(attrs)) {
      this.fail(`${path}.attrs`, 'must be an object');
      return undefined;
    }
    let ok = true;
    for (const key of Object.keys(attrs)) {
      if (!allowed.includes(key)) {
        this.fail(`${path}.attrs.${key}`, `is not an attribute of ${String(node.type)}`);
        ok = false;
      }
    }
    return ok ? attrs : undefined;
  }

  text(value: unknown, path: string, max: number, { required = false } = {}): value is string {
    if (typeof value !== 'string') {
      this.fail(path, 'must be a string');
      return false;
    }
    if (required && value.trim() === '') {
      this.fail(path, 'must not be empty');
      return false;
    }
    if (value.length > max) {
      this.fail(path, `must be at most ${max} characters`);
      return false;
    }
    if (FORBIDDEN_TEXT.test(value)) {
      this.fail(path, 'must not contain control characters');
      return false;
    }
    return true;
  }

  array(node: Record<string, unknown>, path: string, required: boolean): unknown[] | undefined {
    const content = node.content;
    if (content === undefined) {
      if (required) this.fail(`${path}.content`, 'is required');
      return required ? undefined : [];
    }
    if (!Array.isArray(content)) {
      this.fail(`${path}.content`, 'must be an array');
      return undefined;
    }
    if (required && content.length === 0) {
      this.fail(`${path}.content`, 'must not be empty');
      return undefined;
    }
    return content;
  }

  inline(items: unknown[], path: string): void {
    items.forEach((item, i) => {
      if (this.full) return;
      const at = `${path}.content[${i}]`;
      if (!isObject(item)) return this.fail(at, 'must be an object');
      if (item.type === 'hardBreak') {
        this.keys(item, at, ['type']);
        return;
      }
      if (item.type !== 'text') return this.fail(`${at}.type`, `${describeType(item.type)} is not allowed here`);
      this.keys(item, at, ['type', 'text', 'marks']);
      if (this.text(item.text, `${at}.text`, BODY_MAX_BYTES) && item.text === '')
        this.fail(`${at}.text`, 'must not be empty');
      if (item.marks !== undefined) this.marks(item.marks, `${at}.marks`);
    });
  }

  marks(marks: unknown, path: string): void {
    if (!Array.isArray(marks)) return this.fail(path, 'must be an array');
    const seen = new Set<string>();
    marks.forEach((mark, i) => {
      const at = `${path}[${i}]`;
      if (!isObject(mark)) return this.fail(at, 'must be an object');
      const type = mark.type;
      if (type !== 'bold' && type !== 'italic' && type !== 'link') {
        return this.fail(`${at}.type`, `${describeType(type)} is not an allowed mark (bold, italic, link)`);
      }
      if (seen.has(type)) return this.fail(at, `${type} is given twice`);
      seen.add(type);
      if (type !== 'link') {
        this.keys(mark, at, ['type']);
        return;
      }
      this.keys(mark, at, ['type', 'attrs']);
      const attrs = this.attrs(mark, at, ['href', 'articleId'], true);
      if (!attrs) return;
      const href = attrs.href;
      if (typeof href !== 'string') this.fail(`${at}.attrs.href`, 'must be a string');
      else if (!isAllowedHref(href)) {
        this.fail(
          `${at}.attrs.href`,
          'must be an http:, https: or mailto: URL, or a path starting with /article/ (at most 2048 characters)',
        );
      }
      const articleId = attrs.articleId;
      if (articleId !== undefined && articleId !== null && !(Number.isInteger(articleId) && Number(articleId) >= 1)) {
        this.fail(`${at}.attrs.articleId`, 'must be a whole number from 1, or null');
      }
    });
  }

  paragraph(node: Record<string, unknown>, path: string): void {
    this.keys(node, path, ['type', 'content']);
    const content = this.array(node, path, false);
    if (content) this.inline(content, path);
  }

  listItems(node: Record<string, unknown>, path: string, depth: number): void {
    const items = this.array(node, path, true);
    if (!items) return;
    items.forEach((item, i) => {
      if (this.full) return;
      const at = `${path}.content[${i}]`;
      if (!isObject(item)) return this.fail(at, 'must be an object');
      if (item.type !== 'listItem')
        return this.fail(`${at}.type`, `${describeType(item.type)} is not allowed in a list`);
      this.keys(item, at, ['type', 'content']);
      const children = this.array(item, at, true);
      if (!children) return;
      children.forEach((child, j) => {
        const cat = `${at}.content[${j}]`;
        if (!isObject(child)) return this.fail(cat, 'must be an object');
        if (j === 0 && child.type !== 'paragraph')
          return this.fail(`${cat}.type`, 'a list item starts with a paragraph');
        if (child.type === 'paragraph') return this.paragraph(child, cat);
        if (child.type === 'bulletList' || child.type === 'orderedList') return this.block(child, cat, depth + 1);
        this.fail(`${cat}.type`, `${describeType(child.type)} is not allowed in a list item`);
      });
    });
  }

  block(node: Record<string, unknown>, path: string, depth = 0): void {
    switch (node.type) {
      case 'paragraph':
        return this.paragraph(node, path);
      case 'heading': {
        this.keys(node, path, ['type', 'attrs', 'content']);
        const attrs = this.attrs(node, path, ['level'], true);
        if (attrs && attrs.level !== 2 && attrs.level !== 3) this.fail(`${path}.attrs.level`, 'must be 2 or 3');
        const content = this.array(node, path, false);
        if (content) this.inline(content, path);
        return;
      }
      case 'pullQuote': {
        this.keys(node, path, ['type', 'content']);
        const content = this.array(node, path, false);
        if (content) this.inline(content, path);
        return;
      }
      case 'bulletList':
      case 'orderedList': {
        if (depth >= BODY_LIMITS.listDepth)
          return this.fail(path, `lists may be nested at most ${BODY_LIMITS.listDepth} deep`);
        if (node.type === 'orderedList') {
          this.keys(node, path, ['type', 'attrs', 'content']);
          const attrs = this.attrs(node, path, ['start'], false);
          const start = attrs?.start;
          if (start !== undefined && !(Number.isInteger(start) && Number(start) >= 1 && Number(start) <= 1_000_000)) {
            this.fail(`${path}.attrs.start`, 'must be a whole number from 1 to 1000000');
          }
        } else {
          this.keys(node, path, ['type', 'content']);
        }
        return this.listItems(node, path, depth);
      }
      case 'blockquote': {
        this.keys(node, path, ['type', 'content']);
        const content = this.array(node, path, true);
        content?.forEach((child, i) => {
          const at = `${path}.content[${i}]`;
          if (!isObject(child)) return this.fail(at, 'must be an object');
          if (child.type !== 'paragraph')
            return this.fail(`${at}.type`, `${describeType(child.type)} is not allowed in a blockquote`);
          this.paragraph(child, at);
        });
        return;
      }
      case 'horizontalRule':
        this.keys(node, path, ['type']);
        return;
      case 'image': {
        this.keys(node, path, ['type', 'attrs']);
        const attrs = this.attrs(node, path, ['imageId', 'alt', 'caption', 'credit'], true);
        if (!attrs) return;
        if (typeof attrs.imageId !== 'string' || !IMAGE_ID.test(attrs.imageId)) {
          this.fail(`${path}.attrs.imageId`, 'must be the id of a library image (32 hex characters)');
        }
        this.text(attrs.alt, `${path}.attrs.alt`, BODY_LIMITS.alt, { required: true });
        this.text(attrs.caption, `${path}.attrs.caption`, BODY_LIMITS.caption);
        this.text(attrs.credit, `${path}.attrs.credit`, BODY_LIMITS.credit);
        return;
      }
      case 'embed': {
        this.keys(node, path, ['type', 'attrs']);
        const attrs = this.attrs(node, path, ['provider', 'url', 'text', 'thumbnailImageId'], true);
        if (!attrs) return;
        const provider = attrs.provider;
        if (typeof provider !== 'string' || !(EMBED_PROVIDERS as readonly string[]).includes(provider)) {
          this.fail(`${path}.attrs.provider`, `must be one of ${EMBED_PROVIDERS.join(', ')}`);
        } else if (typeof attrs.url !== 'string' || !isEmbedUrl(provider as EmbedProvider, attrs.url)) {
          this.fail(`${path}.attrs.url`, `must be an https URL on ${EMBED_HOSTS[provider as EmbedProvider][0]}`);
        }
        this.text(attrs.text, `${path}.attrs.text`, BODY_LIMITS.embedText);
        const thumb = attrs.thumbnailImageId;
        if (thumb !== null && (typeof thumb !== 'string' || !IMAGE_ID.test(thumb))) {
          this.fail(`${path}.attrs.thumbnailImageId`, 'must be the id of a library image (32 hex characters) or null');
        }
        return;
      }
      default:
        this.fail(`${path}.type`, `${describeType(node.type)} is not an allowed block`);
    }
  }
}

function describeType(type: unknown): string {
  return typeof type === 'string' ? `'${type.slice(0, 40)}'` : 'a node without a type';
}

/** JSON nesting a valid body never reaches (lists 8 deep take about 40 levels). */
const MAX_JSON_DEPTH = 100;

/** Whether objects and arrays in `value` nest deeper than `limit` (an explicit stack, no recursion). */
function nestedDeeperThan(value: unknown, limit: number): boolean {
  const stack: [unknown, number][] = [[value, 0]];
  let visited = 0;
  while (stack.length > 0) {
    const [v, depth] = stack.pop()!;
    if (typeof v !== 'object' || v === null) continue;
    if (depth > limit) return true;
    // A request body is at most a few MB: this bounds the walk as well.
    if (++visited > 5_000_000) return true;
    for (const child of Array.isArray(v) ? v : Object.values(v)) {
      if (typeof child === 'object' && child !== null) stack.push([child, depth + 1]);
    }
  }
  return false;
}

/** The size of a body as stored: its JSON in UTF-8 bytes. */
export function bodyBytes(value: unknown): number {
  return utf8Length(JSON.stringify(value) ?? '');
}

/** UTF-8 length of a string without encoding it (runs in the browser too). */
export function utf8Length(text: string): number {
  let bytes = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c < 0x80) bytes += 1;
    else if (c < 0x800) bytes += 2;
    else if (c >= 0xd800 && c <= 0xdbff && i + 1 < text.length) {
      bytes += 4;
      i++;
    } else bytes += 3;
  }
  return bytes;
}

/**
 * Checks `value` against the format. `root` is the name the paths start with (`body`, or
 * `records[3].body`). The size is checked first, so a huge body costs one serialization.
 */
export function validateBody(value: unknown, root = 'body'): BodyValidation {
  // Measured without recursion first: a hostile value nested a million deep must not overflow the stack.
  if (nestedDeeperThan(value, MAX_JSON_DEPTH)) {
    return {
      ok: false,
      problems: [{ path: root, message: `must not be nested more than ${MAX_JSON_DEPTH} levels deep` }],
    };
  }
  const size = bodyBytes(value);
  if (size > BODY_MAX_BYTES) {
    return {
      ok: false,
      problems: [
        {
          path: root,
          message: `must be at most ${BODY_MAX_BYTES / 1000} KB as JSON (it is ${Math.ceil(size / 1000)} KB)`,
        },
      ],
    };
  }
  const checker = new Checker();
  if (!isObject(value)) checker.fail(root, 'must be an object ({ "type": "doc", "content": [...] })');
  else if (value.type !== 'doc') checker.fail(`${root}.type`, "must be 'doc'");
  else {
    checker.keys(value, root, ['type', 'content']);
    const content = checker.array(value, root, false);
    if (content === undefined && value.content !== undefined) {
      // reported by array()
    } else {
      (content ?? []).forEach((block, i) => {
        if (checker.full) return;
        const at = `${root}.content[${i}]`;
        if (!isObject(block)) checker.fail(at, 'must be an object');
        else checker.block(block, at);
      });
    }
  }
  if (checker.problems.length > 0) return { ok: false, problems: checker.problems };
  const doc = value as unknown as BodyDoc;
  return { ok: true, value: { type: 'doc', content: doc.content ?? ([] as BodyBlock[]) } };
}

/** Every library image a (valid) body shows: its pictures and its embeds' thumbnails, each id once. */
export function bodyImageIds(doc: BodyDoc): string[] {
  const ids = new Set<string>();
  for (const block of doc.content) {
    if (block.type === 'image') ids.add(block.attrs.imageId);
    else if (block.type === 'embed' && block.attrs.thumbnailImageId) ids.add(block.attrs.thumbnailImageId);
  }
  return [...ids];
}

/** Where each image id occurs (its attribute's path), for naming a missing image. */
export function bodyImagePaths(doc: BodyDoc, root = 'body'): { id: string; path: string }[] {
  const out: { id: string; path: string }[] = [];
  doc.content.forEach((block, i) => {
    if (block.type === 'image') out.push({ id: block.attrs.imageId, path: `${root}.content[${i}].attrs.imageId` });
    else if (block.type === 'embed' && block.attrs.thumbnailImageId) {
      out.push({ id: block.attrs.thumbnailImageId, path: `${root}.content[${i}].attrs.thumbnailImageId` });
    }
  });
  return out;
}
