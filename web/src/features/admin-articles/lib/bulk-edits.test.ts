import { describe, expect, it } from 'vitest';
import {
  barLabel,
  bulkMessage,
  bulkSummary,
  bulkTitle,
  progressText,
  splitSelection,
  startText,
} from './bulk-action-rules.ts';
import type { BulkArticle } from './bulk-action-rules.ts';
import { tagChoice, type BulkTarget } from './bulk-edits.ts';

const row = (id: number, over: Partial<BulkArticle> = {}): BulkArticle => ({
  id,
  headline: `Story ${id}`,
  publishedAt: null,
  status: 'draft',
  deletedAt: null,
  categoryId: 5,
  ...over,
});
const POLITICS: BulkTarget = { name: 'Politics', categoryId: 1 };
const ELECTION: BulkTarget = { name: 'Election', tag: { id: 7, name: 'Election', slug: 'election' } };
const tagged = (id: number) => row(id, { tags: [{ id: 7, slug: 'election' }] });

describe('the words of Change section, Add tag and Remove tag', () => {
  it("names the bar's buttons, and each dialog before and after its choice", () => {
    expect(['duplicate', 'category', 'addTag', 'removeTag'].map((a) => barLabel(a as 'category'))).toEqual([
      'Duplicate',
      'Change section',
      'Add tag',
      'Remove tag',
    ]);
    expect(bulkTitle('category', 3)).toBe('Move 3 articles to …?');
    expect(bulkTitle('category', 1, POLITICS)).toBe('Move 1 article to Politics?');
    expect(bulkTitle('addTag', 2)).toBe('Add a tag to 2 articles?');
    expect(bulkTitle('removeTag', 2)).toBe('Remove a tag from 2 articles?');
    expect(bulkTitle('removeTag', 2, ELECTION)).toBe('Remove the tag “Election” from 2 articles?');
    expect(bulkTitle('addTag', 0, ELECTION)).toBe('No article to tag “Election”');
    expect(bulkTitle('removeTag', 0, ELECTION)).toBe('No article to untag “Election”');
    expect(bulkTitle('category', 0, POLITICS)).toBe('No article to move to Politics');
  });

  it('says what happens to one article, and which are left out', () => {
    expect(bulkMessage('category', [row(1)], [], POLITICS)).toBe(
      '“Story 1” moves to Politics: if it is published, it shows there on the site at once.',
    );
    expect(bulkMessage('addTag', [row(1)], [], ELECTION)).toBe(
      '“Story 1” gets the tag “Election”; its other tags stay.',
    );
    expect(bulkMessage('removeTag', [tagged(1)], [], ELECTION)).toBe(
      '“Story 1” loses the tag “Election”; its other tags stay.',
    );
    const { acting, leftOut } = splitSelection(
      'removeTag',
      [tagged(1), row(2, { tags: [] }), row(3, { tags: [] })],
      ELECTION,
    );
    expect(bulkMessage('removeTag', acting, leftOut, ELECTION)).toBe(
      '“Story 1” loses the tag “Election”; its other tags stay. 2 do not have the tag and are left as they are.',
    );
    expect(bulkMessage('addTag', [], [tagged(1)], ELECTION)).toBe('1 already has the tag and is left as it is.');
    expect(bulkMessage('category', [], [row(1), row(2)], { name: 'US', categoryId: 5 })).toBe(
      '2 are already in US and are left as they are.',
    );
  });

  it('compares a new name by its slug, and sends an article whose tags are not known yet', () => {
    const fresh: BulkTarget = { name: 'Goat Watch', tag: tagChoice('Goat Watch') };
    expect(fresh.tag).toEqual({ name: 'Goat Watch', slug: 'goat-watch' });
    const has = row(1, { tags: [{ id: 9, slug: 'goat-watch' }] });
    const unknown = row(2);
    expect(splitSelection('addTag', [has, unknown], fresh)).toEqual({ acting: [unknown], leftOut: [has] });
    expect(splitSelection('category', [row(1, { deletedAt: '2026-01-01T00:00:00.000Z' })], POLITICS).acting).toEqual(
      [],
    );
  });

  it('counts a run, says its start and sums it up', () => {
    expect(progressText('category', 1, 3, POLITICS)).toBe('Moving 2 of 3…');
    expect(progressText('addTag', 0, 3, ELECTION)).toBe('Tagging 1 of 3…');
    expect(progressText('removeTag', 2, 3, ELECTION)).toBe('Untagging 3 of 3…');
    expect(startText('category', 3, POLITICS)).toBe('Moving 3 articles to Politics…');
    expect(startText('addTag', 1, ELECTION)).toBe('Adding the tag “Election” to 1 article…');
    expect(startText('removeTag', 2, ELECTION)).toBe('Removing the tag “Election” from 2 articles…');
    const refused = { article: row(4), reason: 'Article 4 was not found.' };
    expect(bulkSummary('removeTag', { done: [row(1)], failed: [] }, ELECTION)).toEqual({
      title: 'Removed the tag “Election” from 1 article',
    });
    expect(bulkSummary('category', { done: [], failed: [refused, refused] }, POLITICS)).toEqual({
      title: '2 articles could not be moved to Politics',
      description: '“Story 4”: Article 4 was not found. “Story 4”: Article 4 was not found.',
      variant: 'destructive',
    });
    expect(bulkSummary('addTag', { done: [], failed: [refused] }, ELECTION).title).toBe(
      '1 article could not be tagged “Election”',
    );
    expect(bulkSummary('category', { done: [row(1), row(2)], failed: [], notStarted: [row(3)] }, POLITICS)).toEqual({
      title: '2 of 3 moved to Politics; stopped, 1 not changed',
    });
  });
});
