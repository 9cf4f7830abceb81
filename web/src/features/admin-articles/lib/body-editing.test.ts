import { describe, expect, it } from 'vitest';
import { allowedHref, bodyOf, cleanDoc, docFromText } from '@/lib/admin-body/body-doc';
import { bodyText } from './body-text.ts';
import { embedProviderOf } from '@/lib/admin-body/embed-provider';
import { foldAutosaves } from './history-groups.ts';
import { countWords, describeLength, readingMinutes } from '@/lib/admin-body/word-count';
import { wordDiff } from './word-diff.ts';

describe('the body as the editor sends it', () => {
  it('keeps only the attributes and marks of the body format', () => {
    const doc = cleanDoc({
      type: 'doc',
      content: [
        { type: 'orderedList', attrs: { start: 1, type: null }, content: [] },
        { type: 'heading', attrs: { level: 2, id: 'x' }, content: [{ type: 'text', text: 'Hi' }] },
        {
          type: 'paragraph',
          content: [
            {
              type: 'text',
              text: 'there',
              marks: [
                { type: 'link', attrs: { href: '/article/a', articleId: 4, target: '_blank', rel: 'x', class: null } },
                { type: 'bold' },
              ],
            },
            { type: 'text', text: 'bad', marks: [{ type: 'link', attrs: { href: 'javascript:alert(1)' } }] },
          ],
        },
      ],
    });
    expect(doc.content).toEqual([
      { type: 'orderedList', attrs: { start: 1 } },
      { type: 'heading', attrs: { level: 2 }, content: [{ type: 'text', text: 'Hi' }] },
      {
        type: 'paragraph',
        content: [
          {
            type: 'text',
            text: 'there',
            marks: [{ type: 'link', attrs: { href: '/article/a', articleId: 4 } }, { type: 'bold' }],
          },
          { type: 'text', text: 'bad' },
        ],
      },
    ]);
  });

  it('allows http, https, mailto and article links only', () => {
    for (const ok of ['https://a.example/x', 'http://a.example', 'mailto:ed@a.example', '/article/some-story']) {
      expect(allowedHref(ok), ok).toBe(true);
    }
    for (const bad of ['javascript:alert(1)', 'ftp://a.example', '/news/x', '//evil.example', 'data:text/html,x', '']) {
      expect(allowedHref(bad), bad).toBe(false);
    }
  });

  it('reads an older article text as paragraphs and its plain text back', () => {
    const doc = bodyOf({ content: 'One line\nand a break.\n\nSecond.' });
    expect(doc.content).toHaveLength(2);
    expect(bodyText(doc)).toBe('One line\nand a break.\n\nSecond.');
    expect(bodyText(docFromText(''))).toBe('');
  });
});

describe('word count, reading time, embeds, history', () => {
  it('counts words and minutes', () => {
    expect(countWords("The mayor's cat, 3.5 times — unconfirmed.")).toBe(7);
    expect(readingMinutes(0)).toBe(0);
    expect(readingMinutes(1)).toBe(1);
    expect(readingMinutes(1000)).toBe(4);
    expect(describeLength(401)).toBe('401 words · 2 min read');
  });

  it('tells X and YouTube addresses from others', () => {
    expect(embedProviderOf('https://x.com/dailysmear/status/1234567890')).toBe('x');
    expect(embedProviderOf('https://twitter.com/dailysmear/status/1234567890')).toBe('x');
    expect(embedProviderOf('https://www.youtube.com/watch?v=dQw4w9WgXcQ')).toBe('youtube');
    expect(embedProviderOf('https://youtu.be/dQw4w9WgXcQ')).toBe('youtube');
    expect(embedProviderOf('http://x.com/dailysmear/status/1')).toBeUndefined();
    expect(embedProviderOf('https://x.com/dailysmear')).toBeUndefined();
    expect(embedProviderOf('https://evil.example/watch?v=x')).toBeUndefined();
  });

  it('folds consecutive autosaves into one entry', () => {
    const r = (version: number, autosave: boolean) => ({
      id: version,
      articleId: 1,
      version,
      action: 'edit',
      editorName: 'Ed',
      at: '2026-01-01T00:00:00.000Z',
      changedFields: [],
      autosave,
    });
    const entries = foldAutosaves([r(6, false), r(5, true), r(4, true), r(3, false), r(2, true), r(1, false)]);
    expect(
      entries.map((e) => (e.kind === 'revision' ? e.revision.version : e.revisions.map((x) => x.version))),
    ).toEqual([6, [5, 4], 3, [2], 1]);
  });

  it('diffs word by word', () => {
    expect(wordDiff('The cat sat', 'The dog sat')).toEqual([
      { kind: 'same', text: 'The ' },
      { kind: 'removed', text: 'cat' },
      { kind: 'added', text: 'dog' },
      { kind: 'same', text: ' sat' },
    ]);
  });
});
