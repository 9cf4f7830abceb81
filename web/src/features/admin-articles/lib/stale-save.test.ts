import { describe, expect, it } from 'vitest';
import type { ArticleRevisionSummary } from '@common/admin-contract';
import { emptyForm, type ArticleFormValues, type FormField } from './article-fields.ts';
import { formFieldsChangedSince, newerValuesToTake } from './stale-save.ts';

const r = (version: number, changedFields: string[]): ArticleRevisionSummary => ({
  id: version,
  articleId: 1,
  version,
  action: 'edit',
  editorName: 'Rita',
  at: '2026-01-01T00:00:00.000Z',
  changedFields,
  autosave: false,
});

const fields = (set: Set<string> | undefined) => (set ? [...set].sort() : set);

describe('formFieldsChangedSince', () => {
  const history = [r(6, ['deletedAt']), r(5, ['deletedAt']), r(4, ['publishedAt', 'status']), r(3, ['summary'])];

  it('is empty when every version since the base changed only publication, schedule or the Trash', () => {
    expect(fields(formFieldsChangedSince(history, 3, 6))).toEqual([]);
    expect(fields(formFieldsChangedSince(history, 4, 5))).toEqual([]);
  });

  it('names the form fields the versions since changed, as the form holds them', () => {
    expect(fields(formFieldsChangedSince(history, 2, 6))).toEqual(['summary']);
    const more = [r(5, ['imageAlt']), r(4, ['headline', 'slug', 'body', 'content', 'author', 'authors', 'publishAt'])];
    expect(fields(formFieldsChangedSince(more, 3, 5))).toEqual(['authors', 'body', 'headline', 'imageAlt']);
  });

  it('is undefined when a version is missing, none is newer, or a version changed a field the form does not know', () => {
    expect(formFieldsChangedSince([r(6, ['deletedAt']), r(4, ['deletedAt'])], 3, 6)).toBeUndefined();
    expect(formFieldsChangedSince(history, 6, 6)).toBeUndefined();
    expect(formFieldsChangedSince(history, 6, 5)).toBeUndefined();
    expect(formFieldsChangedSince([r(4, ['deletedAt', 'somethingNew'])], 3, 4)).toBeUndefined();
  });
});

describe('newerValuesToTake', () => {
  const loaded: ArticleFormValues = { ...emptyForm(), headline: 'Goose Drafts A Manifesto', imageAlt: '' };
  const newer: ArticleFormValues = { ...loaded, imageAlt: 'A goose at a desk' };
  const take = (changed: FormField[], mine: ArticleFormValues[], theirs = newer) =>
    newerValuesToTake(changed, { loaded, mine, newer: theirs });

  it('takes the newer value of a field the editor left as loaded, and keeps the editor\u2019s own changes', () => {
    const mine = { ...loaded, headline: 'Goose Signs The Manifesto' };
    expect(take(['imageAlt'], [mine, mine])).toEqual({ imageAlt: 'A goose at a desk' });
    expect(take([], [mine])).toEqual({});
  });

  it('is a conflict (undefined) when the editor changed the same field to another value, in the save or since', () => {
    const mine = { ...loaded, imageAlt: 'A goose' };
    expect(take(['imageAlt'], [mine])).toBeUndefined();
    // Sent as loaded, typed into while the history was read.
    expect(take(['imageAlt'], [loaded, mine])).toBeUndefined();
    // One such field is enough, whatever the others.
    const both = { ...newer, headline: 'Goose Resigns' };
    expect(take(['imageAlt', 'headline'], [loaded], both)).toEqual({
      imageAlt: 'A goose at a desk',
      headline: 'Goose Resigns',
    });
    expect(take(['imageAlt', 'headline'], [mine], both)).toBeUndefined();
  });

  it('is no conflict when both sides changed the field to the same value', () => {
    const mine = { ...loaded, imageAlt: 'A goose at a desk' };
    expect(take(['imageAlt'], [mine, mine])).toEqual({ imageAlt: 'A goose at a desk' });
  });
});
