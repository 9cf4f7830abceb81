import MarkdownIt from 'markdown-it';
import type { Token } from 'markdown-it';
import {
  BODY_LIMITS,
  type BodyBlock,
  type BodyDoc,
  type BodyInline,
  type BodyListItem,
  type BodyMark,
  type BodyParagraph,
} from './types.ts';
import { isAllowedHref } from './validate.ts';

/**
 * CommonMark (markdown-it's strict preset) with raw HTML off: `<script>` typed in Markdown is text.
 * No linkify, no typographer: what was typed stays as typed.
 */
const md = new MarkdownIt('commonmark', { html: false, linkify: false, typographer: false });

/**
 * Markdown (CommonMark) as a body, for `content` strings of older clients and `npm run import`.
 * Only the format's nodes come out: # and ## become h2, ### and deeper h3; lists, quotes, rules,
 * bold, italic and allowed links map to theirs; code becomes plain text; an image becomes its
 * alternative text; a link the format does not allow keeps its text without the link. A single
 * newline inside a paragraph is a line break (as plain-text bodies always had it).
 */
export function markdownToBody(markdown: string): BodyDoc {
  const tokens = md.parse(markdown.replace(/\r\n?/g, '\n'), {});
  const builder = new Builder(tokens);
  return { type: 'doc', content: builder.blocks(tokens.length, 0) };
}

class Builder {
  private pos = 0;
  constructor(private readonly tokens: Token[]) {}

  /** Blocks until a closing token at this nesting (or `end`). */
  blocks(end: number, listDepth: number): BodyBlock[] {
    const out: BodyBlock[] = [];
    while (this.pos < end) {
      const t = this.tokens[this.pos]!;
      if (t.nesting === -1) return out; // the caller's closing token
      const block = this.block(listDepth);
      if (Array.isArray(block)) out.push(...block);
      else if (block) out.push(block);
    }
    return out;
  }

  private block(listDepth: number): BodyBlock | BodyBlock[] | undefined {
    const t = this.tokens[this.pos]!;
    switch (t.type) {
      case 'paragraph_open': {
        const inline = this.tokens[this.pos + 1]!;
        this.pos += 3;
        return paragraph(inlineOf(inline.children ?? []));
      }
      case 'heading_open': {
        const inline = this.tokens[this.pos + 1]!;
        this.pos += 3;
        const level = Number(t.tag.slice(1)) <= 2 ? 2 : 3;
        const content = inlineOf(inline.children ?? []);
        return content.length ? { type: 'heading', attrs: { level }, content } : { type: 'heading', attrs: { level } };
      }
      case 'hr':
        this.pos++;
        return { type: 'horizontalRule' };
      case 'code_block':
      case 'fence':
        this.pos++;
        return paragraph(textLines(t.content.replace(/\n$/, ''), []));
      case 'html_block':
        this.pos++;
        return paragraph(textLines(t.content.replace(/\n$/, ''), []));
      case 'blockquote_open': {
        this.pos++;
        const inner = this.blocks(this.tokens.length, listDepth);
        this.pos++; // blockquote_close
        const paragraphs = flattenToParagraphs(inner);
        return paragraphs.length ? { type: 'blockquote', content: paragraphs } : undefined;
      }
      case 'bullet_list_open':
      case 'ordered_list_open': {
        this.pos++;
        const items: BodyListItem[] = [];
        while (this.tokens[this.pos]?.type === 'list_item_open') {
          this.pos++;
          const children = this.blocks(this.tokens.length, listDepth + 1);
          this.pos++; // list_item_close
          items.push(listItem(children, listDepth + 1));
        }
        this.pos++; // list close
        if (listDepth >= BODY_LIMITS.listDepth) return items.flatMap((item) => flattenToParagraphs(item.content));
        if (t.type === 'bullet_list_open') return { type: 'bulletList', content: items };
        const start = Number(t.attrGet('start') ?? 1);
        return Number.isInteger(start) && start > 1 && start <= 1_000_000
          ? { type: 'orderedList', attrs: { start }, content: items }
          : { type: 'orderedList', content: items };
      }
      default:
        // Anything else (a closing token out of place, a future token type): skipped.
        this.pos++;
        return undefined;
    }
  }
}

function paragraph(content: BodyInline[]): BodyParagraph {
  return content.length ? { type: 'paragraph', content } : { type: 'paragraph' };
}

/** A list item starts with a paragraph; other blocks are kept when allowed in an item, else flattened. */
function listItem(children: BodyBlock[], depth: number): BodyListItem {
  const content: BodyListItem['content'] = [];
  for (const child of children) {
    if (child.type === 'paragraph') content.push(child);
    else if (
      (child.type === 'bulletList' || child.type === 'orderedList') &&
      content.length > 0 &&
      depth < BODY_LIMITS.listDepth
    ) {
      content.push(child);
    } else content.push(...flattenToParagraphs([child]));
  }
  if (content.length === 0 || content[0]!.type !== 'paragraph') content.unshift({ type: 'paragraph' });
  return { type: 'listItem', content };
}

/** Blocks as paragraphs of their text (inside a quote, where only paragraphs are allowed). */
function flattenToParagraphs(blocks: BodyBlock[]): BodyParagraph[] {
  const out: BodyParagraph[] = [];
  for (const block of blocks) {
    switch (block.type) {
      case 'paragraph':
        out.push(block);
        break;
      case 'heading':
      case 'pullQuote':
        out.push(paragraph(block.content ?? []));
        break;
      case 'blockquote':
        out.push(...block.content);
        break;
      case 'bulletList':
      case 'orderedList':
        for (const item of block.content) out.push(...flattenToParagraphs(item.content));
        break;
      default:
        break;
    }
  }
  return out;
}

/** Text with newlines as hardBreaks, each run with `marks`. */
function textLines(text: string, marks: BodyMark[]): BodyInline[] {
  const out: BodyInline[] = [];
  text.split('\n').forEach((line, i) => {
    if (i > 0) out.push({ type: 'hardBreak' });
    if (line !== '')
      out.push(marks.length ? { type: 'text', text: line, marks: [...marks] } : { type: 'text', text: line });
  });
  return out;
}

function sameMarks(a: BodyMark[] | undefined, b: BodyMark[] | undefined): boolean {
  return JSON.stringify(a ?? []) === JSON.stringify(b ?? []);
}

/** Inline tokens as text runs with marks; adjacent runs with the same marks are joined. */
function inlineOf(children: Token[]): BodyInline[] {
  const out: BodyInline[] = [];
  let bold = 0;
  let italic = 0;
  const links: (string | null)[] = [];
  const marks = (): BodyMark[] => {
    const m: BodyMark[] = [];
    if (bold > 0) m.push({ type: 'bold' });
    if (italic > 0) m.push({ type: 'italic' });
    const href = links.findLast((l) => l !== null);
    if (href) m.push({ type: 'link', attrs: { href } });
    return m;
  };
  const push = (text: string) => {
    if (text === '') return;
    const m = marks();
    const last = out[out.length - 1];
    if (last?.type === 'text' && sameMarks(last.marks, m.length ? m : undefined)) last.text += text;
    else out.push(m.length ? { type: 'text', text, marks: m } : { type: 'text', text });
  };
  for (const t of children) {
    switch (t.type) {
      case 'text':
      case 'code_inline':
      case 'html_inline':
        push(t.content);
        break;
      case 'softbreak':
      case 'hardbreak':
        out.push({ type: 'hardBreak' });
        break;
      case 'strong_open':
        bold++;
        break;
      case 'strong_close':
        bold--;
        break;
      case 'em_open':
        italic++;
        break;
      case 'em_close':
        italic--;
        break;
      case 'link_open': {
        const href = String(t.attrGet('href') ?? '');
        links.push(isAllowedHref(href) ? href : null);
        break;
      }
      case 'link_close':
        links.pop();
        break;
      case 'image':
        // Pictures come from the library, not from URLs in Markdown: the alternative text stays.
        push(t.content);
        break;
      default:
        push(t.content ?? '');
    }
  }
  // A hardBreak at the end of a paragraph shows nothing: dropped.
  while (out.length && out[out.length - 1]!.type === 'hardBreak') out.pop();
  return out;
}
