import { describe, expect, it } from 'vitest';
import {
  actionsFor,
  moreActionsFor,
  bulkMessage,
  bulkSummary,
  bulkTitle,
  progressText,
  splitSelection,
  spokenSummary,
  startText,
  waitingText,
  type BulkArticle,
} from './bulk-action-rules.ts';

const draft = (id: number, headline = `Draft ${id}`): BulkArticle => ({
  id,
  headline,
  publishedAt: null,
  status: 'draft',
  deletedAt: null,
});
const live = (id: number): BulkArticle => ({
  id,
  headline: `Live ${id}`,
  publishedAt: '2026-01-04T08:00:00.000Z',
  status: 'published',
  deletedAt: null,
});
/** Not public yet, with a publish time in the future. */
const scheduled = (id: number, headline = `Scheduled ${id}`): BulkArticle => ({
  id,
  headline,
  publishedAt: null,
  status: 'scheduled',
  deletedAt: null,
});

describe('the words of the bulk actions', () => {
  it('leaves out what the action would not change, and says how many', () => {
    const { acting, leftOut } = splitSelection('unpublish', [draft(1), live(2), draft(3)]);
    expect(acting.map((a) => a.id)).toEqual([2]);
    expect(bulkTitle('unpublish', acting.length)).toBe('Unpublish 1 article?');
    expect(bulkMessage('unpublish', acting, leftOut)).toBe(
      "“Live 2” comes off the site. Its posts on X and Facebook stay (the article's own Unpublish offers to delete them too). 2 are neither published nor scheduled and are left as they are.",
    );
  });

  it('Unpublish takes a scheduled article off its schedule, back to a draft, and says so', () => {
    const { acting, leftOut } = splitSelection('unpublish', [draft(1), scheduled(2), live(3), scheduled(4)]);
    expect(acting.map((a) => a.id)).toEqual([2, 3, 4]);
    expect(leftOut.map((a) => a.id)).toEqual([1]);
    expect(bulkMessage('unpublish', acting, leftOut)).toBe(
      "The published one comes off the site; the 2 scheduled are taken off their schedule and stay drafts. Its posts on X and Facebook stay (the article's own Unpublish offers to delete them too). 1 is neither published nor scheduled and is left as it is.",
    );
    expect(bulkMessage('unpublish', [live(1), live(2), scheduled(3)], [])).toBe(
      "The 2 published come off the site; the scheduled one is taken off its schedule and stays a draft. Their posts on X and Facebook stay (an article's own Unpublish offers to delete them too).",
    );
    expect(bulkMessage('unpublish', [scheduled(1, 'Goat To Wed At Noon')], [])).toBe(
      '“Goat To Wed At Noon” is taken off its schedule and stays a draft: it does not go out.',
    );
    expect(bulkMessage('unpublish', [scheduled(1), scheduled(2)], [])).toBe(
      'They are taken off their schedule and stay drafts: they do not go out.',
    );
    // Publish still acts on it (it goes out now); in the Trash nothing but Restore and Delete for good does.
    expect(splitSelection('publish', [scheduled(1)]).acting).toHaveLength(1);
    expect(bulkMessage('publish', [scheduled(1, 'Goat To Wed At Noon')], [])).toBe(
      "“Goat To Wed At Noon” goes live on the site now. It is shared to X and Facebook as its own choice says (a box left untouched follows the Social page's default; nothing goes to an account that is not connected). It goes out now, not at its scheduled time.",
    );
    expect(bulkMessage('publish', [draft(1), scheduled(2), scheduled(3)], [])).toMatch(
      / connected\)\. The 2 scheduled go out now, not at their time\.$/,
    );
    expect(bulkMessage('publish', [draft(1), scheduled(2)], [])).toMatch(
      / connected\)\. The scheduled one goes out now, not at its time\.$/,
    );
    expect(bulkMessage('publish', [draft(1), draft(2)], [])).toMatch(/ connected\)\.$/);
    const binned = { ...scheduled(5), deletedAt: '2026-01-05T09:00:00.000Z' };
    expect(splitSelection('unpublish', [binned]).acting).toEqual([]);
  });

  it('names the one article, and says a draft does not come off the site', () => {
    expect(bulkMessage('trash', [draft(1, 'Goat Elected Mayor')], [])).toBe(
      "“Goat Elected Mayor” moves to the Trash. You can restore it from the Trash for 30 days; after that it is deleted for good. Its posts on X and Facebook stay (the article's own Delete offers to delete them too).",
    );
    expect(bulkMessage('publish', [draft(1, 'Goat Elected Mayor')], [live(2)])).toBe(
      "“Goat Elected Mayor” goes live on the site now. It is shared to X and Facebook as its own choice says (a box left untouched follows the Social page's default; nothing goes to an account that is not connected). 1 is already published and is left as it is.",
    );
  });

  it('progress and the summary of a run where nothing went through', () => {
    expect(progressText('trash', 1, 4)).toBe('Moving to the Trash 2 of 4…');
    expect(
      bulkSummary('restore', {
        done: [],
        failed: [
          { article: draft(1, 'Old'), reason: 'The article was in the trash too long to restore.' },
          { article: draft(2, 'Gone'), reason: 'Article 2 was not found.' },
        ],
      }),
    ).toEqual({
      title: '2 articles could not be restored',
      description: '“Old”: The article was in the trash too long to restore. “Gone”: Article 2 was not found.',
      variant: 'destructive',
    });
  });

  it('a stopped run says how many of how many went and how many were not sent', () => {
    const drafts = (from: number, n: number) => Array.from({ length: n }, (_, i) => draft(from + i));
    expect(bulkSummary('trash', { done: drafts(1, 12), failed: [], notStarted: drafts(13, 48) })).toEqual({
      title: '12 of 60 moved to the Trash; stopped, 48 not changed',
    });
    expect(
      bulkSummary('publish', {
        done: drafts(1, 1),
        failed: [{ article: draft(2, 'Old'), reason: 'The article is already published.' }],
        notStarted: drafts(3, 2),
      }),
    ).toEqual({
      title: '1 of 4 published, 1 could not be; stopped, 2 not changed',
      description: '“Old”: The article is already published.',
      variant: 'destructive',
    });
    // Stopped during the last article: nothing was left unsent, so it is the ordinary summary.
    expect(bulkSummary('restore', { done: drafts(1, 3), failed: [], notStarted: [] })).toEqual({
      title: 'Restored 3 articles',
    });
  });

  it('what a screen reader hears: the start, a waiting Undo and the end, never each article', () => {
    expect(startText('trash', 60)).toBe('Moving 60 articles to the Trash…');
    expect(startText('restore', 1)).toBe('Restoring 1 article…');
    expect(startText('purge', 3)).toBe('Deleting 3 articles for good…');
    expect(startText('unpublish', 2)).toBe('Unpublishing 2 articles…');
    expect(waitingText(1)).toBe('Undo waits for the current run');
    expect(waitingText(2)).toBe('2 Undos wait for the current run');
    expect(spokenSummary({ title: 'Published 3 articles' })).toBe('Published 3 articles.');
    expect(spokenSummary({ title: 'Published 1 article; 1 could not be', description: '“A”: Gone.' })).toBe(
      'Published 1 article; 1 could not be. “A”: Gone.',
    );
  });

  it('Delete for good: only in the Trash, for what is in it, and says the posts stay', () => {
    expect(actionsFor(true)).toEqual(['restore', 'purge']);
    expect(actionsFor(false)).not.toContain('purge');
    const binned = { ...draft(1, 'Binned Goat'), deletedAt: '2026-01-05T09:00:00.000Z' };
    const { acting, leftOut } = splitSelection('purge', [binned, draft(2)]);
    expect(acting.map((a) => a.id)).toEqual([1]);
    expect(bulkTitle('purge', 3)).toBe('Delete 3 articles for good?');
    expect(bulkTitle('purge', 1)).toBe('Delete 1 article for good?');
    expect(bulkMessage('purge', acting, leftOut)).toBe(
      "“Binned Goat” is removed now with its history and cannot be restored. Its posts on X and Facebook stay (the article's own Delete for good offers to delete them too). 1 is not in the Trash and is left as it is.",
    );
    expect(bulkMessage('purge', [binned, binned], [])).toBe(
      "They are removed now with their history and cannot be restored. Their posts on X and Facebook stay (each article's own Delete for good offers to delete them too).",
    );
    expect(progressText('purge', 0, 3)).toBe('Deleting 1 of 3…');
    expect(bulkSummary('purge', { done: [binned, binned, binned], failed: [] })).toEqual({
      title: 'Deleted 3 articles for good',
    });
    expect(
      bulkSummary('purge', { done: [], failed: [{ article: binned, reason: 'Article 1 was not found.' }] }),
    ).toEqual({
      title: '1 article could not be deleted for good',
      description: '“Binned Goat”: Article 1 was not found.',
      variant: 'destructive',
    });
  });
  it('Duplicate: any article outside the Trash, a draft copy of each, and its toasts', () => {
    // Duplicate is under the bar's More, with the edits; none of them in the Trash.
    expect(actionsFor(false)).toEqual(['publish', 'unpublish', 'trash']);
    expect(moreActionsFor(false)).toEqual(['duplicate', 'category', 'addTag', 'removeTag']);
    expect(moreActionsFor(true)).toEqual([]);
    const binned = { ...draft(4), deletedAt: '2026-01-05T09:00:00.000Z' };
    const { acting, leftOut } = splitSelection('duplicate', [draft(1), live(2), scheduled(3), binned]);
    expect(acting.map((a) => a.id)).toEqual([1, 2, 3]);
    expect(leftOut.map((a) => a.id)).toEqual([4]);
    expect(bulkTitle('duplicate', 3)).toBe('Duplicate 3 articles?');
    expect(bulkTitle('duplicate', 1)).toBe('Duplicate 1 article?');
    expect(bulkMessage('duplicate', [draft(1), live(2)], [])).toBe(
      'Each becomes a new draft copy (not published, not shared). The originals are left as they are.',
    );
    expect(bulkMessage('duplicate', [live(2)], [])).toBe(
      '“Live 2” becomes a new draft copy (not published, not shared). The original is left as it is.',
    );
    expect(progressText('duplicate', 1, 3)).toBe('Duplicating 2 of 3…');
    expect(startText('duplicate', 3)).toBe('Duplicating 3 articles…');
    expect(bulkSummary('duplicate', { done: [draft(1), draft(2), draft(3)], failed: [] })).toEqual({
      title: 'Duplicated 3 articles',
    });
    const refused = { article: draft(3, 'Gone Goat'), reason: 'Article 3 was not found.' };
    expect(bulkSummary('duplicate', { done: [draft(1), draft(2)], failed: [refused] })).toEqual({
      title: 'Duplicated 2 articles; 1 could not be',
      description: '“Gone Goat”: Article 3 was not found.',
      variant: 'destructive',
    });
    expect(bulkSummary('duplicate', { done: [], failed: [refused, refused] })).toEqual({
      title: '2 articles could not be duplicated',
      description: '“Gone Goat”: Article 3 was not found. “Gone Goat”: Article 3 was not found.',
      variant: 'destructive',
    });
    const drafts = (from: number, n: number) => Array.from({ length: n }, (_, i) => draft(from + i));
    expect(bulkSummary('duplicate', { done: drafts(1, 12), failed: [], notStarted: drafts(13, 48) })).toEqual({
      title: '12 of 60 duplicated; stopped, 48 not changed',
    });
  });
});
