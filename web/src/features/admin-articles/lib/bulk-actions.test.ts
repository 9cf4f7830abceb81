import { describe, expect, it } from 'vitest';
import { bulkMessage, bulkSummary, bulkTitle, progressText, splitSelection, type BulkArticle } from './bulk-actions.ts';

const draft = (id: number, headline = `Draft ${id}`): BulkArticle => ({
  id,
  headline,
  publishedAt: null,
  deletedAt: null,
});
const live = (id: number): BulkArticle => ({
  id,
  headline: `Live ${id}`,
  publishedAt: '2026-01-04T08:00:00.000Z',
  deletedAt: null,
});

describe('the words of the bulk actions', () => {
  it('leaves out what the action would not change, and says how many', () => {
    const { acting, leftOut } = splitSelection('unpublish', [draft(1), live(2), draft(3)]);
    expect(acting.map((a) => a.id)).toEqual([2]);
    expect(bulkTitle('unpublish', acting.length)).toBe('Unpublish 1 article?');
    expect(bulkMessage('unpublish', acting, leftOut)).toBe(
      "“Live 2” comes off the site. Its posts on X and Facebook stay (the article's own Unpublish offers to delete them too). 2 are not published and are left as they are.",
    );
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
});
