import { describe, expect, it } from 'vitest';
import { blog, entry } from '../testing/entries';
import { initialLiveBlogState, liveBlogReducer, newUpdatesLabel, type LiveBlogState } from './live-blog-state';
import { formatEndTime, formatEntryTimeUtc } from './entry-time';
import { plainSummary } from './plain-text';

const ids = (s: LiveBlogState) => s.shown.map((e) => (e.removed ? `-${e.entry.id}` : e.entry.id));

describe('liveBlogReducer', () => {
  const start = initialLiveBlogState(blog([entry(2, 10, 'Second', { keyEvent: true }), entry(1, 5, 'First')]));

  it('keeps new entries behind the button, newest first, once each, until the reader shows them', () => {
    let s = liveBlogReducer(start, { type: 'added', entry: entry(3, 20) });
    s = liveBlogReducer(s, { type: 'added', entry: entry(4, 25) });
    s = liveBlogReducer(s, { type: 'added', entry: entry(3, 20) });
    s = liveBlogReducer(s, { type: 'added', entry: entry(2, 10) });
    expect(ids(s)).toEqual([2, 1]);
    expect(s.pending.map((e) => e.id)).toEqual([4, 3]);
    s = liveBlogReducer(s, { type: 'show-new' });
    expect(ids(s)).toEqual([4, 3, 2, 1]);
    expect(s.pending).toEqual([]);
  });

  it('replaces a corrected entry where it stands, keeping at least its height', () => {
    const s = liveBlogReducer(start, { type: 'updated', entry: entry(1, 5, 'First, corrected'), height: 120 });
    expect(ids(s)).toEqual([2, 1]);
    expect(s.shown[1]).toMatchObject({ removed: false, holdHeight: 120 });
    expect(s.shown[1]!.entry.bodyHtml).toBe('<p>First, corrected</p>');
    // a waiting entry is corrected before it is shown
    const waiting = liveBlogReducer(start, { type: 'added', entry: entry(3, 20, 'Draft') });
    const fixed = liveBlogReducer(waiting, { type: 'updated', entry: entry(3, 20, 'Fixed') });
    expect(fixed.pending[0]!.bodyHtml).toBe('<p>Fixed</p>');
  });

  it('turns a deleted entry into the removal line at its height, gone when the reader shows new updates', () => {
    let s = liveBlogReducer(start, { type: 'deleted', id: 2, height: 200 });
    expect(ids(s)).toEqual(['-2', 1]);
    expect(s.shown[0]!.holdHeight).toBe(200);
    // a correction that arrives after the deletion does not bring it back; a second delete is nothing
    expect(liveBlogReducer(s, { type: 'updated', entry: entry(2, 10) })).toBe(s);
    expect(liveBlogReducer(s, { type: 'deleted', id: 2 })).toBe(s);
    expect(s.keyEvents.map((k) => k.id)).toEqual([2]);
    s = liveBlogReducer(s, { type: 'show-new' });
    expect(ids(s)).toEqual([1]);
    expect(s.shown[0]!.holdHeight).toBeUndefined();
    expect(s.keyEvents).toEqual([]);
  });

  it('drops a waiting entry that is deleted before the reader saw it', () => {
    const s = liveBlogReducer(liveBlogReducer(start, { type: 'added', entry: entry(3, 20) }), {
      type: 'deleted',
      id: 3,
    });
    expect(s.pending).toEqual([]);
  });

  it('brings the key events up to date when new updates are shown', () => {
    let s = liveBlogReducer(start, {
      type: 'added',
      entry: entry(3, 20, 'Goose <b>wins</b> &amp; honks', { keyEvent: true }),
    });
    s = liveBlogReducer(s, { type: 'updated', entry: entry(2, 10, 'Second', { keyEvent: false }) });
    expect(s.keyEvents.map((k) => k.id)).toEqual([2]);
    s = liveBlogReducer(s, { type: 'show-new' });
    expect(s.keyEvents).toEqual([{ id: 3, postedAt: entry(3, 20).postedAt, summary: 'Goose wins & honks' }]);
  });

  it('records the end of coverage; an older page takes no new entries', () => {
    const ended = liveBlogReducer(start, {
      type: 'coverage',
      coverageStartTime: start.coverageStartTime,
      coverageEndTime: '2026-11-27T18:00:00.000Z',
    });
    expect(ended.coverageEndTime).toBe('2026-11-27T18:00:00.000Z');
    const older = initialLiveBlogState(blog([entry(5, 30)]), [entry(1, 5)]);
    expect(ids(older)).toEqual([1]);
    expect(liveBlogReducer(older, { type: 'added', entry: entry(6, 40) })).toBe(older);
  });

  it('says how many', () => {
    expect(newUpdatesLabel(1)).toBe('1 new update');
    expect(newUpdatesLabel(2)).toBe('2 new updates');
  });
});

describe('plainSummary', () => {
  it('is the text of the HTML, cut at a word boundary to at most 140 characters', () => {
    expect(plainSummary('<p>A &lt;b&gt; &#39;quote&#39;</p><p>Next</p>')).toBe("A <b> 'quote' Next");
    const long = `<p>${'word '.repeat(60)}</p>`;
    const cut = plainSummary(long);
    expect(cut.length).toBeLessThanOrEqual(140);
    expect(cut.endsWith('word…')).toBe(true);
  });
});

describe('entry times', () => {
  it('as the server renders them: the time in UTC, with the date on another day', () => {
    const now = new Date('2026-11-27T20:00:00.000Z');
    expect(formatEntryTimeUtc('2026-11-27T09:05:00.000Z', now)).toBe('09:05 UTC');
    expect(formatEntryTimeUtc('2026-11-26T23:59:00.000Z', now)).toBe('26 Nov, 23:59 UTC');
    expect(formatEntryTimeUtc('not a time', now)).toBe('not a time');
    expect(formatEndTime('2026-11-27T18:00:00.000Z', false)).toBe('27 Nov 2026, 18:00 UTC');
  });
});
