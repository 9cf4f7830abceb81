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

function setup() {
  const client: AdminApiClient = {
    getAccessToken: async () => 'token',
    fetch: async (input) => {
      const url = String(input);
      const one = /\/revisions\/(\d+)$/.exec(url);
      if (one) {
        const r = REVISIONS.find((x) => x.id === Number(one[1]))!;
        return json({ ...r, snapshot: snapshot(r.version) });
      }
      return json({ revisions: REVISIONS });
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
