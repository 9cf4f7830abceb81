// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AuditEntry, AuditPage } from '@common/admin-contract';
import { AUDIT_ACTION_GROUPS } from '@common/action-labels';
import { fakeApi, json } from '@/testing/fake-admin-api';
import { renderInAdmin } from '@/testing/render-in-admin';
import { AuditView } from './audit-view.tsx';

afterEach(cleanup);

let nextId = 1;
function entry(fields: Partial<AuditEntry>): AuditEntry {
  return {
    id: nextId++,
    action: 'edit',
    articleId: 0,
    headline: '',
    articleGone: false,
    record: null,
    platform: null,
    detail: '',
    editorName: 'Erin Editor',
    editorSubject: 'erin',
    at: '2026-03-01T10:00:00.000Z',
    ...fields,
  };
}

function showTrail(entries: AuditEntry[], onQueryChange: (next: object) => void = () => undefined) {
  const page: AuditPage = { entries, currentPage: 1, pageSize: 50, hasNextPage: false };
  const { client } = fakeApi(() => json(200, page));
  renderInAdmin(<AuditView query={{}} onQueryChange={onQueryChange} />, client);
}

/** The "Article or record" cell of the row of an action's detail (or of the action, when unique). */
async function cellOf(text: string): Promise<HTMLElement> {
  const row = (await screen.findByText(text)).closest('tr')!;
  return within(row).getAllByRole('cell').at(-1)!;
}

describe('the audit trail, rows of authors and tags', () => {
  it('names the record; while it exists the name leads to All Articles filtered by it', async () => {
    showTrail([
      entry({
        action: 'author-edit',
        detail: '“Jane Doe”: bio',
        record: { kind: 'author', id: 7, name: 'Jane Doe', exists: true },
      }),
      entry({
        action: 'tag-edit',
        detail: '“Kittens” renamed “Cute Kittens”',
        record: { kind: 'tag', id: 3, name: 'Cute Kittens', exists: true },
      }),
    ]);
    const author = within(await cellOf('“Jane Doe”: bio')).getByRole('link', { name: 'Author: Jane Doe' });
    expect(author.getAttribute('href')).toBe('/admin/articles?page=1&pageSize=20&status=all&authorId=7');
    const tag = within(await cellOf('“Kittens” renamed “Cute Kittens”')).getByRole('link', {
      name: 'Tag: Cute Kittens',
    });
    expect(tag.getAttribute('href')).toBe('/admin/articles?page=1&pageSize=20&status=all&tagId=3');
    expect(screen.getByRole('columnheader', { name: 'Article or record' })).toBeTruthy();
  });

  it('a record merged away or deleted since: its name, no link, and "(no longer exists)"', async () => {
    showTrail([
      entry({
        action: 'tag-merge',
        detail: '“Kitens” into “Kittens” · 2 articles',
        record: { kind: 'tag', id: 4, name: 'Kitens', exists: false },
      }),
      entry({
        action: 'author-create',
        detail: '“Gone Soon”',
        record: { kind: 'author', id: 9, name: 'Gone Soon', exists: false },
      }),
    ]);
    const merged = await cellOf('“Kitens” into “Kittens” · 2 articles');
    expect(merged.querySelector('.admin-audit__value')!.textContent).toBe('Tag: Kitens (no longer exists)');
    expect(within(merged).queryByRole('link')).toBeNull();
    const created = await cellOf('“Gone Soon”');
    expect(created.querySelector('.admin-audit__value')!.textContent).toBe('Author: Gone Soon (no longer exists)');
    expect(within(created).queryByRole('link')).toBeNull();
  });

  it('the other rows keep their article link, or say there is no article', async () => {
    showTrail([
      entry({ action: 'publish', articleId: 12, headline: 'Council Bans Tuesdays', detail: 'first' }),
      entry({ action: 'test-publish', platform: 'x', detail: 'as @smear' }),
    ]);
    const article = within(await cellOf('first')).getByRole('link', { name: 'Council Bans Tuesdays' });
    expect(article.getAttribute('href')).toBe('/admin/articles/12');
    expect((await cellOf('as @smear')).textContent).toContain('No article (test post)');
  });
});

describe('the audit trail, rows of the picture library', () => {
  const id = 'ab'.repeat(16);
  it('names the picture by its description, linked to the Pictures screen showing that picture alone', async () => {
    showTrail([
      entry({
        action: 'image-update',
        detail: 'description (none) → “A goat on a roof”, focal point 50% 50% → 25% 75% · 2 articles updated',
        record: { kind: 'image', id, name: 'A goat on a roof', exists: true },
      }),
    ]);
    const cell = await cellOf(
      'description (none) → “A goat on a roof”, focal point 50% 50% → 25% 75% · 2 articles updated',
    );
    const link = within(cell).getByRole('link', { name: 'Picture: A goat on a roof' });
    // By its id: a description changed since, or shared by other pictures, finds the right one.
    expect(link.getAttribute('href')).toBe(`/admin/pictures?id=${id}`);
    expect(within(cell.closest('tr')!).getAllByRole('cell')[2]!.textContent).toContain('Picture details changed');
    expect(screen.getByRole<HTMLOptionElement>('option', { name: 'Picture details changed' }).value).toBe(
      'image-update',
    );
  });

  it('without a description: still a link to it; swept away since: its name and no link', async () => {
    showTrail([
      entry({
        action: 'image-update',
        detail: 'caption (none) → “On the roof” · 0 articles updated',
        record: { kind: 'image', id, name: '', exists: true },
      }),
      entry({
        action: 'image-update',
        detail: 'credit (none) → “Ann Roof” · 1 article updated',
        record: { kind: 'image', id, name: 'A goat', exists: false },
      }),
    ]);
    const bare = await cellOf('caption (none) → “On the roof” · 0 articles updated');
    expect(bare.querySelector('.admin-audit__value')!.textContent).toBe('Picture: no description');
    expect(within(bare).getByRole('link', { name: 'Picture: no description' }).getAttribute('href')).toBe(
      `/admin/pictures?id=${id}`,
    );
    const gone = await cellOf('credit (none) → “Ann Roof” · 1 article updated');
    expect(gone.querySelector('.admin-audit__value')!.textContent).toBe('Picture: A goat (no longer exists)');
    expect(within(gone).queryByRole('link')).toBeNull();
  });
});

describe('the audit trail, its actions in words', () => {
  /** The Action cell's words of the row of a detail (the words, then the detail on a line of its own). */
  async function actionOf(detail: string): Promise<string> {
    const row = (await screen.findByText(detail)).closest('tr')!;
    const value = within(row).getAllByRole('cell')[2]!.querySelector('.admin-audit__value')!;
    expect(value.lastChild!.textContent).toBe(detail);
    return value.firstChild!.textContent!;
  }

  it('each row says what happened in words; a code it does not know is shown as it is', async () => {
    showTrail([
      entry({ action: 'delete', articleId: 5, headline: 'Goat Binned', detail: 'one' }),
      entry({ action: 'purge', articleId: 6, headline: 'Goat Gone', detail: 'two' }),
      entry({ action: 'share-post-now', articleId: 5, headline: 'Goat Binned', platform: 'x', detail: 'three' }),
      entry({ action: 'share-posted', articleId: 5, headline: 'Goat Binned', platform: 'x', detail: 'four' }),
      entry({ action: 'test-publish', platform: 'x', detail: 'five' }),
      entry({ action: 'tag-merge', detail: 'six', record: { kind: 'tag', id: 1, name: 'Goats', exists: true } }),
      entry({ action: 'correction-add', articleId: 5, headline: 'Goat Binned', detail: 'seven' }),
      entry({ action: 'preview-link-revoke', articleId: 5, headline: 'Goat Binned', detail: 'eight' }),
      entry({ action: 'teleport', articleId: 5, headline: 'Goat Binned', detail: 'nine' }),
    ]);
    expect(await actionOf('one')).toBe('Moved to the Trash');
    expect(await actionOf('two')).toBe('Deleted for good');
    expect(await actionOf('three')).toBe('Post now requested');
    expect(await actionOf('four')).toBe('Shared');
    expect(await actionOf('five')).toBe('Test post');
    expect(await actionOf('six')).toBe('Tag merged');
    expect(await actionOf('seven')).toBe('Correction added');
    expect(await actionOf('eight')).toBe('Preview link turned off');
    expect(await actionOf('nine')).toBe('teleport');
    expect(screen.queryByText('share-posted')).toBeNull();
  });

  it('the Action filter lists every action in words, in groups, and filters by its code', async () => {
    const onQueryChange = vi.fn();
    showTrail([entry({ action: 'edit', articleId: 5, headline: 'Goat Binned', detail: 'one' })], onQueryChange);
    await screen.findByText('one');
    const select = screen.getByRole<HTMLSelectElement>('combobox', { name: 'Action' });
    const groups = [...select.querySelectorAll('optgroup')];
    expect(groups.map((g) => g.label)).toEqual([
      'Articles',
      'Social posts',
      'Live coverage',
      'Authors and tags',
      'Pictures',
      'Preview links',
      'Corrections',
      'Notes',
    ]);
    const articles = [...groups[0]!.querySelectorAll('option')].map((o) => [o.value, o.textContent]);
    expect(articles).toEqual([
      ['create', 'Created'],
      ['edit', 'Edited'],
      ['restore', 'Restored a version'],
      ['publish', 'Published'],
      ['unpublish', 'Unpublished'],
      ['schedule', 'Scheduled'],
      ['unschedule', 'Unscheduled'],
      ['delete', 'Moved to the Trash'],
      ['undelete', 'Restored from the Trash'],
      ['purge', 'Deleted for good'],
      ['category', 'Category changed'],
      ['pin', 'Pinned to the top'],
      ['unpin', 'Unpinned'],
    ]);
    // Every option but 'All actions' is a code shown in words, never the code itself.
    const options = [...select.querySelectorAll('optgroup option')] as HTMLOptionElement[];
    expect(options.map((o) => o.value)).toEqual(AUDIT_ACTION_GROUPS.flatMap((g) => [...g.actions]));
    for (const o of options) expect(o.textContent).not.toBe(o.value);
    expect(select.options[0]!.textContent).toBe('All actions');

    fireEvent.change(select, { target: { value: 'share-failed' } });
    expect(onQueryChange).toHaveBeenCalledWith({ action: 'share-failed', page: 1 });
    expect(screen.getByRole<HTMLOptionElement>('option', { name: 'Share failed' }).value).toBe('share-failed');
  });
});
