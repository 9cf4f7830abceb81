// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { afterEach, describe, expect, it } from 'vitest';
import { AdminApiContext, adminKeys, type AdminApiClient } from '@/lib/admin-api-client';
import { HistoryPanel } from './history-panel.tsx';

const json = (body: unknown) => new Response(JSON.stringify(body), { headers: { 'content-type': 'application/json' } });

const summary = (version: number, autosave: boolean) => ({
  id: 100 + version,
  articleId: 7,
  version,
  action: version === 1 ? 'create' : 'edit',
  editorName: 'Ed Itor',
  at: `2026-01-01T10:0${version}:00.000Z`,
  changedFields: version === 1 ? [] : version === 5 ? ['content', 'metaTitle'] : ['content'],
  autosave,
});

const REVISIONS = [summary(5, false), summary(4, true), summary(3, true), summary(2, true), summary(1, false)];

/** A picture's description filled into the article (Pictures), then a restore of version 1. */
const PICTURE_AND_RESTORE = [
  { ...summary(7, false), action: 'restore', changedFields: ['content'] },
  { ...summary(6, false), action: 'image-update', editorName: 'Dora Describer', changedFields: ['imageAlt'] },
  ...REVISIONS,
];
const TEXTS: Record<number, string> = {
  1: 'The mayor was seen with a cat.',
  5: 'The mayor was replaced by a cat.',
};

function snapshot(version: number) {
  const content = TEXTS[version] ?? 'Typing…';
  return {
    id: 7,
    headline: version === 5 ? 'Mayor Replaced' : 'Mayor Seen',
    content,
    body: { type: 'doc', content: [{ type: 'paragraph', content: [{ type: 'text', text: content }] }] },
    summary: '',
    category: 'Politics',
    author: '',
    source: '',
    ratingOutOfTen: 0,
    // Version 5 has a search and social title; version 1 is older than the field.
    ...(version === 5 ? { metaTitle: 'Cat mayor', metaDescription: '' } : {}),
  };
}

function setup(revisions = REVISIONS) {
  const client: AdminApiClient = {
    getAccessToken: async () => 'token',
    fetch: async (input) => {
      const url = String(input);
      const one = /\/revisions\/(\d+)$/.exec(url);
      if (one) {
        const r = revisions.find((x) => x.id === Number(one[1]))!;
        return json({ ...r, snapshot: snapshot(r.version) });
      }
      return json({ revisions });
    },
  };
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  queryClient.setQueryData(adminKeys.categories(), [{ id: 1, name: 'Politics' }]);
  render(
    <QueryClientProvider client={queryClient}>
      <AdminApiContext.Provider value={client}>
        <HistoryPanel article={{ id: 7, version: 5 }} />
      </AdminApiContext.Provider>
    </QueryClientProvider>,
  );
}

afterEach(() => cleanup());

describe('HistoryPanel', () => {
  it('folds consecutive autosaves into one entry that opens', async () => {
    setup();
    fireEvent.click(screen.getByRole('button', { name: 'Show history' }));
    const toggle = await screen.findByRole('button', { name: 'Show 3 autosaves' });
    expect(screen.getByText(/versions 2–4/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Restore version 3' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Restore version 5' })).toBeTruthy();
    fireEvent.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    expect(screen.getByRole('button', { name: 'Restore version 3' })).toBeTruthy();
  });

  it('says what each version was in words, an autosave as Autosaved', async () => {
    setup(PICTURE_AND_RESTORE);
    fireEvent.click(screen.getByRole('button', { name: 'Show history' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Show 3 autosaves' }));
    const history = document.querySelector('ol.admin-history')!;
    // Each entry's first line: who · what · when.
    const whats = [...history.querySelectorAll('.admin-history__item:not(.admin-history__group) > p:first-child')].map(
      (p) => p.textContent!.split(' · ').slice(0, 2).join(' · '),
    );
    expect(whats).toEqual([
      'Ed Itor · Restored a version',
      'Dora Describer · Picture description filled',
      'Ed Itor · Edited',
      'Ed Itor · Autosaved',
      'Ed Itor · Autosaved',
      'Ed Itor · Autosaved',
      'Ed Itor · Created',
    ]);
    expect(history.textContent).not.toMatch(/image-update|autosave ·|· edit ·|· create ·/);
    // The versions to compare are named the same way.
    const older = screen.getByLabelText<HTMLSelectElement>('Older');
    expect([...older.options].map((o) => o.textContent!.split(' · ').slice(0, 2).join(' · '))).toEqual([
      'Version 7 · Restored a version',
      'Version 6 · Picture description filled',
      'Version 5 · Edited',
      'Version 4 · Autosaved',
      'Version 3 · Autosaved',
      'Version 2 · Autosaved',
      'Version 1 · Created',
    ]);
  });

  it('compares any two versions word by word, with a legend', async () => {
    setup();
    fireEvent.click(screen.getByRole('button', { name: 'Show history' }));
    const older = await screen.findByLabelText('Older');
    fireEvent.change(older, { target: { value: '101' } });
    fireEvent.change(screen.getByLabelText('Newer'), { target: { value: '105' } });
    fireEvent.click(screen.getByRole('button', { name: 'Compare' }));
    const diff = await screen.findByRole('region', { name: 'Changes from version 1 to version 5' });
    expect(within(diff).getByText(/was added/).textContent).toBe(
      'Underlined text was added; struck-through text was removed.',
    );
    const text = diff.querySelector('.admin-diff__text')!;
    expect([...text.querySelectorAll('del')].map((d) => d.textContent)).toEqual(['[removed: seen with]']);
    expect([...text.querySelectorAll('ins')].map((d) => d.textContent)).toEqual(['[added: replaced by]']);
    expect(diff.querySelector('.admin-diff__headline ins')!.textContent).toBe('[added: Replaced]');
    // The search and social title, which changed; the description, which did not, is left out.
    const lines = [...diff.querySelectorAll('.admin-diff__headline')].map((p) => p.textContent);
    expect(lines).toEqual([
      'Headline: Mayor [removed: Seen][added: Replaced]',
      'Search and social title: [added: Cat mayor]',
    ]);
  });

  it('names the search and social fields in a revision and shows them in its version', async () => {
    setup();
    fireEvent.click(screen.getByRole('button', { name: 'Show history' }));
    expect((await screen.findByText(/Changed: content, search and social title/)).textContent).toBe(
      'Changed: content, search and social title',
    );
    fireEvent.click(screen.getByRole('button', { name: 'Show version 5' }));
    const title = await screen.findByText('Search and social title', { selector: 'dt' });
    expect(title.nextElementSibling!.textContent).toBe('Cat mayor');
    expect(screen.getByText('Search and social description', { selector: 'dt' }).nextElementSibling!.textContent).toBe(
      '— (the summary)',
    );
  });
});
