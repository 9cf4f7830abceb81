import { describe, expect, it } from 'vitest';
import type { ArticleRevisionSummary } from '@common/admin-contract';
import { changedOnlyOutsideTheForm } from './stale-save.ts';

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

describe('changedOnlyOutsideTheForm', () => {
  const history = [r(6, ['deletedAt']), r(5, ['deletedAt']), r(4, ['publishedAt', 'status']), r(3, ['summary'])];

  it('is true when every version since the base changed only publication, schedule or the Trash', () => {
    expect(changedOnlyOutsideTheForm(history, 3, 6)).toBe(true);
    expect(changedOnlyOutsideTheForm(history, 4, 5)).toBe(true);
  });

  it('is false when a version since changed a field of the form, or is missing, or none is newer', () => {
    expect(changedOnlyOutsideTheForm(history, 2, 6)).toBe(false);
    expect(changedOnlyOutsideTheForm([r(6, ['deletedAt']), r(4, ['deletedAt'])], 3, 6)).toBe(false);
    expect(changedOnlyOutsideTheForm(history, 6, 6)).toBe(false);
    expect(changedOnlyOutsideTheForm(history, 6, 5)).toBe(false);
    expect(changedOnlyOutsideTheForm([r(4, ['deletedAt', 'headline'])], 3, 4)).toBe(false);
  });
});
