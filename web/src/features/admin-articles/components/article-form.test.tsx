// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryRouter, Link, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { AdminApiContext, adminKeys, type AdminApiClient } from '@/lib/admin-api-client';
import { fakeApi, json } from '@/testing/fake-admin-api';
import { imagesQueryOptions } from '@/components/admin/body-editor/get-images';
import { draftKey } from '../lib/form-draft.ts';
import type { AdminArticle } from '../types.ts';
import { ArticleForm } from './article-form.tsx';

const CATEGORIES = [
  { id: 1, name: 'Politics' },
  { id: 2, name: 'Celebrity' },
];

const ARTICLE: AdminArticle = {
  id: 7,
  headline: 'Minister Denies Being A Lizard',
  slug: 'minister-denies-being-a-lizard',
  summary: 'He blinked sideways.',
  body: { type: 'doc', content: [{ type: 'paragraph', content: [{ type: 'text', text: 'First paragraph.' }] }] },
  content: 'First paragraph.',
  author: 'Ann Author',
  category: 'Politics',
  categoryId: 1,
  source: 'Wire',
  editorName: 'Ed',
  ratingOutOfTen: 6,
  comments: 'Check the quote.',
  imageUrl: null,
  originalUrl: null,
  isBreaking: false,
  publishedAt: null,
  createdAt: '2026-01-01T10:00:00.000Z',
  updatedAt: '2026-01-01T10:00:00.000Z',
  version: 3,
  status: 'draft',
  publishAt: null,
  deletedAt: null,
  updatedBy: null,
  liveStartedAt: null,
  liveEndedAt: null,
};

/** A stale save's answer (version 5 now). */
const stale = () =>
  json(
    412,
    {
      type: 'about:blank',
      title: 'Precondition Failed',
      status: 412,
      detail: 'The article changed.',
      currentVersion: 5,
    },
    'application/problem+json',
  );
/** A history line: the version a save made and the fields it changed. */
const revision = (version: number, changedFields: string[]) => ({
  id: version,
  articleId: 7,
  version,
  action: 'edit',
  editorName: 'Rita Reporter',
  at: '2026-01-02T09:30:00.000Z',
  changedFields,
  autosave: false,
});

function renderForm(
  client: AdminApiClient,
  opts: { article?: AdminArticle; onSaved?: () => void; loadLatest?: () => Promise<AdminArticle> } = {},
) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  queryClient.setQueryData(adminKeys.categories(), CATEGORIES);
  // The upload hint's limit (the library's first page), known: the form sends only its saves.
  queryClient.setQueryData(imagesQueryOptions(client, '', 1).queryKey, {
    items: [],
    total: 0,
    maxUploadBytes: 15 * 1024 * 1024,
  });
  const router = createMemoryRouter(
    [
      {
        path: '/edit',
        element: (
          <>
            <Link to="/elsewhere">Go elsewhere</Link>
            <ArticleForm
              article={opts.article}
              onSaved={opts.onSaved ?? (() => {})}
              onCancel={() => {}}
              loadLatest={opts.loadLatest}
            />
          </>
        ),
      },
      { path: '/elsewhere', element: <h1>Elsewhere</h1> },
    ],
    { initialEntries: ['/edit'] },
  );
  const utils = render(
    <QueryClientProvider client={queryClient}>
      <AdminApiContext.Provider value={client}>
        <RouterProvider router={router} />
      </AdminApiContext.Provider>
    </QueryClientProvider>,
  );
  return { ...utils, router };
}

function errorOf(label: string): string | null {
  const input = screen.getByLabelText(label);
  const ids = (input.getAttribute('aria-describedby') ?? '').split(' ').filter(Boolean);
  return ids.map((id) => document.getElementById(id)?.textContent ?? '').join(' ') || null;
}

beforeEach(() => sessionStorage.clear());
afterEach(() => cleanup());

describe('ArticleForm', () => {
  it('shows the rules next to each field and sends nothing while they fail', async () => {
    const { client, sent } = fakeApi(() => json(201, ARTICLE));
    renderForm(client);
    fireEvent.change(screen.getByLabelText('Rating (0-10)'), { target: { value: '11' } });
    fireEvent.change(screen.getByLabelText('Original URL'), { target: { value: 'javascript:alert(1)' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create article' }));
    expect(errorOf('Headline')).toBe('Enter a headline');
    expect(errorOf('Category')).toBe('Choose a category');
    expect(errorOf('Rating (0-10)')).toBe('Enter a whole number from 0 to 10');
    expect(errorOf('Original URL')).toBe('Must be an http(s) URL or a site path starting with /');
    expect(screen.getByLabelText('Headline').getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(screen.getByLabelText('Headline'));
    expect(sent).toHaveLength(0);
  });

  it("puts the server's per-field problems next to their fields", async () => {
    const { client, sent } = fakeApi(() =>
      json(
        400,
        {
          type: 'about:blank',
          title: 'Bad Request',
          status: 400,
          detail: 'Body field headline is taken.',
          errors: [
            { field: 'headline', message: 'is already used by another article' },
            { field: 'categoryId', message: '99 is not a known category' },
          ],
        },
        'application/problem+json',
      ),
    );
    renderForm(client);
    fireEvent.change(screen.getByLabelText('Headline'), { target: { value: 'Cat Elected Mayor' } });
    fireEvent.change(screen.getByLabelText('Category'), { target: { value: '2' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create article' }));
    await waitFor(() => expect(errorOf('Headline')).toBe('Is already used by another article'));
    expect(errorOf('Category')).toBe('99 is not a known category');
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({ method: 'POST', url: '/api/admin/articles' });
    expect(sent[0]!.body).toMatchObject({ headline: 'Cat Elected Mayor', categoryId: 2 });
    // The form stays usable after the failure.
    expect(screen.getByRole('button', { name: 'Create article' })).toHaveProperty('disabled', false);
  });

  it('sends one save for a double-click, with the version in If-Match', async () => {
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const { client, sent } = fakeApi(async () => {
      await gate;
      return json(200, { ...ARTICLE, headline: 'Minister Admits Being A Lizard', version: 4 });
    });
    let saved = 0;
    renderForm(client, { article: ARTICLE, onSaved: () => saved++ });
    fireEvent.change(screen.getByLabelText('Headline'), { target: { value: 'Minister Admits Being A Lizard' } });
    const save = screen.getByRole('button', { name: 'Save changes' });
    // Two clicks in one task, as a fast double-click lands: no render in between.
    act(() => {
      save.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true }));
      save.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true }));
    });
    await act(async () => release());
    await waitFor(() => expect(saved).toBe(1));
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({ method: 'PUT', url: '/api/admin/articles/7' });
    expect(sent[0]!.headers['If-Match']).toBe('"3"');
    expect(sessionStorage.getItem(draftKey(7))).toBeNull();
  });

  it('saves on Ctrl+S or Cmd+S from any field, instead of the browser saving the page; once for a double press', async () => {
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const { client, sent } = fakeApi(async () => {
      await gate;
      return json(200, { ...ARTICLE, summary: 'He blinked twice.', version: 4 });
    });
    let saved = 0;
    renderForm(client, { article: ARTICLE, onSaved: () => saved++ });
    const summary = screen.getByLabelText('Summary');
    fireEvent.change(summary, { target: { value: 'He blinked twice.' } });
    // Other chords are the browser's.
    expect(fireEvent.keyDown(summary, { key: 's', ctrlKey: true, shiftKey: true })).toBe(true);
    expect(fireEvent.keyDown(summary, { key: 's' })).toBe(true);
    expect(sent).toHaveLength(0);
    let handled: boolean[] = [];
    act(() => {
      handled = [
        fireEvent.keyDown(summary, { key: 's', ctrlKey: true }),
        fireEvent.keyDown(summary, { key: 'S', metaKey: true }),
      ];
    });
    // Not the browser's "Save page as" (the default prevented).
    expect(handled).toEqual([false, false]);
    await act(async () => release());
    await waitFor(() => expect(saved).toBe(1));
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({
      method: 'PUT',
      url: '/api/admin/articles/7',
      body: { summary: 'He blinked twice.' },
    });
  });

  it('offers a minor edit for a published article only, and sends it', async () => {
    const { client, sent } = fakeApi(async () => json(200, { ...ARTICLE, version: 4 }));
    const draft = renderForm(client, { article: ARTICLE });
    expect(screen.queryByLabelText(/Minor edit/)).toBeNull();
    draft.unmount();
    let saved = 0;
    const published = { ...ARTICLE, publishedAt: '2026-01-02T10:00:00.000Z', status: 'published' as const };
    renderForm(client, { article: published, onSaved: () => saved++ });
    fireEvent.change(screen.getByLabelText('Summary'), { target: { value: 'He blinked sideways, fixed.' } });
    fireEvent.click(screen.getByLabelText(/Minor edit/));
    fireEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(saved).toBe(1));
    expect(sent[0]!.body).toMatchObject({ summary: 'He blinked sideways, fixed.', minorEdit: true });
  });

  it('names who changed the article when the version is stale', async () => {
    const { client } = fakeApi(() =>
      json(
        412,
        {
          type: 'about:blank',
          title: 'Precondition Failed',
          status: 412,
          detail: 'The article changed.',
          currentVersion: 5,
          changedBy: 'Rita Reporter',
          changedAt: '2026-01-02T09:30:00.000Z',
        },
        'application/problem+json',
      ),
    );
    renderForm(client, { article: ARTICLE });
    fireEvent.change(screen.getByLabelText('Summary'), { target: { value: 'He blinked twice.' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    const alert = await screen.findByRole('alert', { name: 'This article was changed while you were editing' });
    expect(alert.textContent).toContain('Rita Reporter saved it');
    expect(screen.getByRole('button', { name: 'Reload their version' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Compare' })).toBeTruthy();
    // My edit is still in the form.
    expect((screen.getByLabelText('Summary') as HTMLTextAreaElement).value).toBe('He blinked twice.');
  });

  it('saves on the newer version, with no panel, when the article changed only outside the form (Trash and back)', async () => {
    // The save, on version 3, is refused as stale: the article went to the Trash (4) and came back (5).
    const { client, sent } = fakeApi((req) => {
      if (req.method === 'GET')
        return json(200, { revisions: [revision(5, ['deletedAt']), revision(4, ['deletedAt'])] });
      return req.headers['If-Match'] === '"3"'
        ? stale()
        : json(200, { ...ARTICLE, summary: 'He blinked twice.', version: 6 });
    });
    let saved = 0;
    renderForm(client, { article: ARTICLE, onSaved: () => saved++ });
    fireEvent.change(screen.getByLabelText('Summary'), { target: { value: 'He blinked twice.' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(saved).toBe(1));
    const puts = sent.filter((r) => r.method === 'PUT');
    expect(puts.map((r) => r.headers['If-Match'])).toEqual(['"3"', '"5"']);
    expect(puts[1]!.body).toMatchObject({ summary: 'He blinked twice.' });
    expect(screen.queryByRole('alert', { name: 'This article was changed while you were editing' })).toBeNull();
  });

  it('takes a field the editor has not changed from the newer version and saves on it, with no panel', async () => {
    // Version 4 went to the Trash, 5 came back with another source; the editor changed the summary only.
    const theirs = { ...ARTICLE, source: 'Their wire', version: 5 };
    const { client, sent } = fakeApi((req) => {
      if (req.url.endsWith('/revisions'))
        return json(200, { revisions: [revision(5, ['deletedAt', 'source']), revision(4, ['deletedAt'])] });
      if (req.method === 'GET') return json(200, theirs);
      return req.headers['If-Match'] === '"3"'
        ? stale()
        : json(200, { ...theirs, ...(req.body as object), version: 6 });
    });
    let saved = 0;
    renderForm(client, { article: ARTICLE, onSaved: () => saved++ });
    fireEvent.change(screen.getByLabelText('Summary'), { target: { value: 'He blinked twice.' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(saved).toBe(1));
    const puts = sent.filter((r) => r.method === 'PUT');
    expect(puts.map((r) => r.headers['If-Match'])).toEqual(['"3"', '"5"']);
    expect(puts[0]!.body).toMatchObject({ summary: 'He blinked twice.', source: 'Wire' });
    expect(puts[1]!.body).toMatchObject({ summary: 'He blinked twice.', source: 'Their wire' });
    expect(screen.queryByRole('alert', { name: 'This article was changed while you were editing' })).toBeNull();
  });

  it('shows the panel, and sends nothing more, when a newer version changed a field the editor changed too', async () => {
    const theirs = { ...ARTICLE, summary: 'They blinked.', version: 5 };
    const { client, sent } = fakeApi((req) => {
      if (req.url.endsWith('/revisions'))
        return json(200, { revisions: [revision(5, ['summary']), revision(4, ['deletedAt'])] });
      return req.method === 'GET' ? json(200, theirs) : stale();
    });
    renderForm(client, { article: ARTICLE });
    fireEvent.change(screen.getByLabelText('Summary'), { target: { value: 'He blinked twice.' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    await screen.findByRole('alert', { name: 'This article was changed while you were editing' });
    expect(sent.filter((r) => r.method === 'PUT')).toHaveLength(1);
    expect((screen.getByLabelText('Summary') as HTMLTextAreaElement).value).toBe('He blinked twice.');
  });

  it('compares their version with mine field by field, a category by its name', async () => {
    const { client } = fakeApi(() =>
      json(
        412,
        { type: 'about:blank', title: 'Precondition Failed', status: 412, detail: 'The article changed.' },
        'application/problem+json',
      ),
    );
    const theirs = { ...ARTICLE, categoryId: 2, category: 'Celebrity', summary: 'They blinked.', version: 4 };
    renderForm(client, { article: ARTICLE, loadLatest: async () => theirs });
    fireEvent.change(screen.getByLabelText('Summary'), { target: { value: 'He blinked twice.' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Compare' }));
    const table = await screen.findByRole('table', { name: 'Their version and yours, field by field' });
    const rows = [...table.querySelectorAll('tbody tr')].map((tr) => [...tr.children].map((cell) => cell.textContent));
    expect(rows).toEqual([
      ['Summary', 'They blinked.', 'He blinked twice.'],
      ['Category', 'Celebrity', 'Politics'],
    ]);
  });

  it('asks before leaving with unsaved changes, and stays when told to', async () => {
    const { client } = fakeApi(() => json(200, ARTICLE));
    const { router } = renderForm(client, { article: ARTICLE });
    // Without changes, nothing holds the editor back.
    fireEvent.change(screen.getByLabelText('Source'), { target: { value: 'New Source' } });
    fireEvent.click(screen.getByRole('link', { name: 'Go elsewhere' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Leave without saving?', hidden: true });
    expect(router.state.location.pathname).toBe('/edit');
    fireEvent.click(screen.getByRole('button', { name: 'Stay', hidden: true }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/edit'));
    expect((screen.getByLabelText('Source') as HTMLInputElement).value).toBe('New Source');
    fireEvent.click(screen.getByRole('link', { name: 'Go elsewhere' }));
    await waitFor(() => expect((dialog as HTMLDialogElement).open).toBe(true));
    expect(dialog.textContent).toContain('They stay in this browser tab');
    fireEvent.click(screen.getByRole('button', { name: 'Leave', hidden: true }));
    await screen.findByRole('heading', { name: 'Elsewhere' });
    // As the dialog says: the unsaved changes stay in this tab's draft.
    expect(JSON.parse(sessionStorage.getItem(draftKey(7)) ?? '{}').values.source).toBe('New Source');
  });

  it('takes "Check the highlighted fields." away once every marked field is fixed', async () => {
    const { client } = fakeApi(() => json(201, ARTICLE));
    renderForm(client);
    fireEvent.click(screen.getByRole('button', { name: 'Create article' }));
    expect(screen.getByRole('alert').textContent).toBe('Check the highlighted fields.');
    fireEvent.change(screen.getByLabelText('Headline'), { target: { value: 'Fixed Headline' } });
    // One field still marked: the message stays.
    expect(screen.getByRole('alert').textContent).toBe('Check the highlighted fields.');
    fireEvent.change(screen.getByLabelText('Category'), { target: { value: '1' } });
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('keeps the editor name and sends it with the edit; a published headline change warns of the new address', async () => {
    const { client, sent } = fakeApi(() => json(200, ARTICLE));
    const published = { ...ARTICLE, publishedAt: '2026-01-02T10:00:00.000Z', status: 'published' as const };
    renderForm(client, { article: published });
    expect((screen.getByLabelText('Editor') as HTMLInputElement).value).toBe('Ed');
    expect(screen.queryByText(/changes its address/)).toBeNull();
    fireEvent.change(screen.getByLabelText('Headline'), { target: { value: 'Minister Admits Being A Lizard' } });
    const warning = screen.getByText(/changes its address/);
    expect(warning.textContent).toContain('/article/minister-admits-being-a-lizard');
    expect(warning.textContent).toContain('/article/minister-denies-being-a-lizard, will redirect');
    fireEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(sent.filter((r) => r.method === 'PUT')).toHaveLength(1));
    expect(sent.find((r) => r.method === 'PUT')!.body).toMatchObject({ editorName: 'Ed' });
  });

  it('leaves without asking when nothing changed', async () => {
    const { client } = fakeApi(() => json(200, ARTICLE));
    renderForm(client, { article: ARTICLE });
    fireEvent.click(screen.getByRole('link', { name: 'Go elsewhere' }));
    await screen.findByRole('heading', { name: 'Elsewhere' });
  });

  it('restores an unsaved draft after a reload, and can discard it', async () => {
    const { client } = fakeApi(() => json(200, ARTICLE));
    const first = renderForm(client, { article: ARTICLE });
    fireEvent.change(screen.getByLabelText('Headline'), { target: { value: 'Minister Sheds Skin' } });
    fireEvent.click(screen.getByLabelText('Breaking news'));
    first.unmount();
    expect(JSON.parse(sessionStorage.getItem(draftKey(7)) ?? '{}').values.headline).toBe('Minister Sheds Skin');

    renderForm(client, { article: ARTICLE });
    expect((screen.getByLabelText('Headline') as HTMLInputElement).value).toBe('Minister Sheds Skin');
    expect((screen.getByLabelText('Breaking news') as HTMLInputElement).checked).toBe(true);
    expect(screen.getByRole('status').textContent).toContain('Restored your unsaved changes');
    fireEvent.click(screen.getByRole('button', { name: 'Discard changes' }));
    expect((screen.getByLabelText('Headline') as HTMLInputElement).value).toBe(ARTICLE.headline);
    expect(sessionStorage.getItem(draftKey(7))).toBeNull();
  });

  it('saves a draft by itself 3 s after typing stops, marked autosave, and says Saved', async () => {
    const { client, sent } = fakeApi((req) =>
      json(200, { ...ARTICLE, ...(req.body as object), version: 4, updatedAt: '2026-01-01T10:05:00.000Z' }),
    );
    renderForm(client, { article: ARTICLE });
    fireEvent.change(screen.getByLabelText('Summary'), { target: { value: 'He blinked twice.' } });
    expect(screen.getByText(/Unsaved changes/)).toBeTruthy();
    await waitFor(() => expect(sent.filter((r) => r.method === 'PUT')).toHaveLength(1), { timeout: 5000 });
    const put = sent.find((r) => r.method === 'PUT')!;
    expect(put.headers['If-Match']).toBe('"3"');
    expect(put.body).toMatchObject({ autosave: true, summary: 'He blinked twice.' });
    expect((put.body as { body: { type: string } }).body.type).toBe('doc');
    expect(put.body).not.toHaveProperty('content');
    await screen.findByText(/^Saved /);
    // The next save is based on the version the autosave made.
    fireEvent.change(screen.getByLabelText('Summary'), { target: { value: 'He blinked thrice.' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(sent.filter((r) => r.method === 'PUT')).toHaveLength(2));
    expect(sent.filter((r) => r.method === 'PUT')[1]!.headers['If-Match']).toBe('"4"');
    expect(sent.filter((r) => r.method === 'PUT')[1]!.body).not.toHaveProperty('autosave');
  }, 10_000);

  it('an autosave that meets a newer version shows the conflict and keeps the text', async () => {
    const { client, sent } = fakeApi(() =>
      json(412, {
        title: 'Precondition Failed',
        status: 412,
        currentVersion: 5,
        changedBy: 'Rita Reporter',
        changedAt: ARTICLE.updatedAt,
      }),
    );
    renderForm(client, { article: ARTICLE });
    fireEvent.change(screen.getByLabelText('Summary'), { target: { value: 'My words.' } });
    await screen.findByText(/Rita Reporter saved it/, undefined, { timeout: 5000 });
    expect((screen.getByLabelText('Summary') as HTMLTextAreaElement).value).toBe('My words.');
    expect(JSON.parse(sessionStorage.getItem(draftKey(7)) ?? '{}').values.summary).toBe('My words.');
    expect(sent.filter((r) => r.method === 'PUT')).toHaveLength(1);
  }, 10_000);

  it('does not save a published article by itself', async () => {
    const { client, sent } = fakeApi(() => json(200, ARTICLE));
    const published = { ...ARTICLE, publishedAt: '2026-01-02T10:00:00.000Z', status: 'published' as const };
    renderForm(client, { article: published });
    fireEvent.change(screen.getByLabelText('Summary'), { target: { value: 'Not yet.' } });
    await act(() => new Promise((r) => setTimeout(r, 3500)));
    expect(sent.filter((r) => r.method === 'PUT')).toHaveLength(0);
    expect(screen.getByText('Unsaved changes')).toBeTruthy();
  }, 10_000);
});

describe('ArticleForm: Search and social', () => {
  const section = () => screen.getByText('Search and social', { selector: 'summary' }).closest('details')!;
  const countOf = (label: string) => {
    const ids = (screen.getByLabelText(label).getAttribute('aria-describedby') ?? '').split(' ');
    return document.getElementById(ids[0]!)!;
  };
  const announced = (label: string) => countOf(label).nextElementSibling!.textContent;
  /** Opens the section as a click on its summary does (the browser's toggle). */
  const open = () =>
    act(() => {
      section().open = true;
      section().dispatchEvent(new Event('toggle'));
    });
  const preview = () => {
    const region = screen.getByRole('region', { name: 'Search result preview' });
    const [, title, address, description] = [...region.children].map((c) => c.textContent);
    return { title, address, description };
  };

  it('sits closed after the summary, with the fallbacks as placeholders and in the preview', () => {
    const { client } = fakeApi(() => json(200, ARTICLE));
    renderForm(client, { article: ARTICLE });
    expect(section().open).toBe(false);
    // After the Summary, before the body.
    const summary = screen.getByLabelText('Summary');
    expect(summary.compareDocumentPosition(section()) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    const title = screen.getByLabelText('Search and social title') as HTMLInputElement;
    const description = screen.getByLabelText('Search and social description') as HTMLTextAreaElement;
    expect(title.placeholder).toBe('Minister Denies Being A Lizard');
    expect(description.placeholder).toBe('He blinked sideways.');
    // The preview is drawn once the section is open.
    expect(screen.queryByRole('region', { name: 'Search result preview' })).toBeNull();
    open();
    expect(preview()).toEqual({
      title: 'Minister Denies Being A Lizard',
      address: `${window.location.origin}/article/minister-denies-being-a-lizard`,
      description: 'He blinked sideways.',
    });
    // Without a summary: the body's first paragraph; a new headline shows at once.
    fireEvent.change(summary, { target: { value: '' } });
    fireEvent.change(screen.getByLabelText('Headline'), { target: { value: 'Lizard Denies Being A Minister' } });
    expect(description.placeholder).toBe('First paragraph.');
    expect(title.placeholder).toBe('Lizard Denies Being A Minister');
    expect(preview()).toMatchObject({
      title: 'Lizard Denies Being A Minister',
      address: `${window.location.origin}/article/lizard-denies-being-a-minister`,
      description: 'First paragraph.',
    });
  });

  it('opens by itself for an article that has them, and the preview shows them', () => {
    const { client } = fakeApi(() => json(200, ARTICLE));
    renderForm(client, { article: { ...ARTICLE, metaTitle: 'Lizard row', metaDescription: 'A minister blinks.' } });
    expect(section().open).toBe(true);
    expect((screen.getByLabelText('Search and social title') as HTMLInputElement).value).toBe('Lizard row');
    expect(preview()).toMatchObject({ title: 'Lizard row', description: 'A minister blinks.' });
  });

  it('counts the characters as the server does, and announces the count only near or over the limit', () => {
    const { client } = fakeApi(() => json(200, ARTICLE));
    renderForm(client, { article: ARTICLE });
    const title = screen.getByLabelText('Search and social title');
    expect(countOf('Search and social title').textContent).toBe('0 / 70');
    expect(countOf('Search and social description').textContent).toBe('0 / 160');
    fireEvent.change(title, { target: { value: '  Lizard   row  ' } });
    expect(countOf('Search and social title').textContent).toBe('10 / 70');
    expect(announced('Search and social title')).toBe('');
    expect(countOf('Search and social title').nextElementSibling!.getAttribute('aria-live')).toBe('polite');
    fireEvent.change(title, { target: { value: 'x'.repeat(65) } });
    expect(announced('Search and social title')).toBe('5 characters left');
    fireEvent.change(title, { target: { value: 'x'.repeat(72) } });
    expect(countOf('Search and social title').textContent).toBe('72 / 70');
    expect(announced('Search and social title')).toBe('2 characters over the limit');
    fireEvent.change(screen.getByLabelText('Search and social description'), { target: { value: 'y'.repeat(141) } });
    expect(announced('Search and social description')).toBe('19 characters left');
  });

  it('counts an emoji with a skin tone, a flag or a family as one character, as the server does', async () => {
    const thumb = '\u{1F44D}\u{1F3FD}'; // 4 UTF-16 units, one character
    const family = '\u{1F468}\u200D\u{1F469}\u200D\u{1F467}\u200D\u{1F466}';
    const { client, sent } = fakeApi((req) => json(200, { ...ARTICLE, ...(req.body as object), version: 4 }));
    renderForm(client, { article: ARTICLE });
    const title = screen.getByLabelText('Search and social title');
    fireEvent.change(title, { target: { value: thumb.repeat(71) } });
    expect(countOf('Search and social title').textContent).toBe('71 / 70');
    expect(announced('Search and social title')).toBe('1 character over the limit');
    fireEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(errorOf('Search and social title')).toContain('Must be at most 70 characters');
    expect(sent.filter((r) => r.method === 'PUT')).toHaveLength(0);

    fireEvent.change(title, { target: { value: ` ${thumb.repeat(70)} ` } });
    expect(countOf('Search and social title').textContent).toBe('70 / 70');
    expect(announced('Search and social title')).toBe('0 characters left');
    fireEvent.change(screen.getByLabelText('Search and social description'), {
      target: { value: `\u{1F1EC}\u{1F1E7}${family}`.repeat(80) },
    });
    expect(countOf('Search and social description').textContent).toBe('160 / 160');
    fireEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(sent.filter((r) => r.method === 'PUT')).toHaveLength(1));
    expect(sent.find((r) => r.method === 'PUT')!.body).toMatchObject({ metaTitle: thumb.repeat(70) });
  });

  it('sends them on one line and trimmed with the save', async () => {
    const { client, sent } = fakeApi((req) => json(200, { ...ARTICLE, ...(req.body as object), version: 4 }));
    renderForm(client, { article: ARTICLE });
    fireEvent.change(screen.getByLabelText('Search and social title'), { target: { value: ' Lizard\n row ' } });
    fireEvent.change(screen.getByLabelText('Search and social description'), {
      target: { value: 'A minister blinks.  ' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(sent.filter((r) => r.method === 'PUT')).toHaveLength(1));
    expect(sent.find((r) => r.method === 'PUT')!.body).toMatchObject({
      metaTitle: 'Lizard row',
      metaDescription: 'A minister blinks.',
    });
  });

  it('refuses a title over the limit before sending: the section opens and the field takes the focus', async () => {
    const { client, sent } = fakeApi(() => json(200, ARTICLE));
    renderForm(client, { article: ARTICLE });
    fireEvent.change(screen.getByLabelText('Search and social title'), { target: { value: 'x'.repeat(71) } });
    expect(section().open).toBe(false);
    fireEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    const title = screen.getByLabelText('Search and social title');
    expect(title.getAttribute('aria-invalid')).toBe('true');
    expect(errorOf('Search and social title')).toContain('Must be at most 70 characters');
    await waitFor(() => expect(section().open).toBe(true));
    expect(document.activeElement).toBe(title);
    expect(sent.filter((r) => r.method === 'PUT')).toHaveLength(0);
  });

  it("puts the server's problem with a description next to it and opens the section", async () => {
    const { client } = fakeApi(() =>
      json(
        400,
        {
          type: 'about:blank',
          title: 'Bad Request',
          status: 400,
          detail: 'Invalid body.',
          errors: [{ in: 'body', name: 'metaDescription', message: 'must be at most 160 characters (it has 170)' }],
        },
        'application/problem+json',
      ),
    );
    renderForm(client, { article: ARTICLE });
    expect(section().open).toBe(false);
    fireEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() =>
      expect(errorOf('Search and social description')).toContain('Must be at most 160 characters (it has 170)'),
    );
    expect(section().open).toBe(true);
  });

  describe('Social card preview', () => {
    const PICTURE = '/images/0123456789abcdef0123456789abcdef-1200.webp';
    const PUBLISHED = { ...ARTICLE, publishedAt: '2026-01-02T10:00:00.000Z', status: 'published' as const };
    const card = () => screen.getByRole('figure', { name: 'Social card preview' });
    const cardText = () => {
      const [domain, title, description] = [...card().querySelectorAll('.social-card__text p')].map(
        (p) => p.textContent,
      );
      return { domain, title, description };
    };
    const cardImage = () => card().querySelector('img')!;

    it("shows the head's title and description with their fallbacks, and follows the typing", () => {
      const { client } = fakeApi(() => json(200, ARTICLE));
      renderForm(client, { article: ARTICLE });
      open();
      // After the search result preview.
      const search = screen.getByRole('region', { name: 'Search result preview' });
      expect(search.compareDocumentPosition(card()) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
      expect(cardText()).toEqual({
        domain: window.location.host,
        title: 'Minister Denies Being A Lizard',
        description: 'He blinked sideways.',
      });
      // No summary: the body's first paragraph.
      fireEvent.change(screen.getByLabelText('Summary'), { target: { value: '' } });
      expect(cardText().description).toBe('First paragraph.');
      // Its own title and description win, as typed.
      fireEvent.change(screen.getByLabelText('Search and social title'), { target: { value: 'Lizard row' } });
      fireEvent.change(screen.getByLabelText('Search and social description'), {
        target: { value: 'A minister blinks.' },
      });
      expect(cardText()).toMatchObject({ title: 'Lizard row', description: 'A minister blinks.' });
      // Emptied again: the headline as it is now.
      fireEvent.change(screen.getByLabelText('Search and social title'), { target: { value: '' } });
      fireEvent.change(screen.getByLabelText('Headline'), { target: { value: 'Lizard Denies Everything' } });
      expect(cardText().title).toBe('Lizard Denies Everything');
    });

    it('without a picture shows the site card, with an empty text alternative', () => {
      const { client } = fakeApi(() => json(200, ARTICLE));
      renderForm(client, { article: { ...ARTICLE, metaTitle: 'Lizard row' } });
      expect(cardImage().getAttribute('src')).toBe('/share-cards/site.png');
      expect(cardImage().getAttribute('alt')).toBe('');
    });

    it("a new article: the chosen picture cut at 1.91:1 in the browser, described by the picture's alt", () => {
      const { client } = fakeApi(() => json(200, ARTICLE));
      renderForm(client);
      open();
      expect(cardImage().getAttribute('src')).toBe('/share-cards/site.png');
      fireEvent.change(screen.getByLabelText('Image address'), { target: { value: '/lizard.jpg' } });
      fireEvent.change(screen.getByLabelText(/Image description/), { target: { value: 'A minister, blinking' } });
      expect(cardImage().getAttribute('src')).toBe('/lizard.jpg');
      expect(cardImage().getAttribute('alt')).toBe('Card picture: A minister, blinking');
      expect(cardImage().style.objectPosition).toBe('50% 50%');
      expect(screen.queryByText('Changes show on the card after saving.')).toBeNull();
    });

    it('a published article shows its saved card until what the card is drawn from changes, then the picture at its focal point', () => {
      const { client } = fakeApi(() => json(200, PUBLISHED));
      renderForm(client, {
        article: { ...PUBLISHED, imageUrl: PICTURE, imageAlt: 'A lizard', imageFocalX: 0.3, imageFocalY: 0.6 },
      });
      open();
      expect(cardImage().getAttribute('src')).toBe('/share-cards/7-current.png?v=3-30-60');
      expect(cardImage().getAttribute('alt')).toBe("The story's share card, as saved");
      // Its title is not on the card's picture: the saved card stays.
      fireEvent.change(screen.getByLabelText('Search and social title'), { target: { value: 'Lizard row' } });
      expect(cardImage().getAttribute('src')).toMatch(/^\/share-cards\/7-current\.png/);
      expect(screen.queryByText('Changes show on the card after saving.')).toBeNull();
      // A new focal point: the picture cut around it, until saved.
      fireEvent.change(screen.getByLabelText('Focal point from the left (%)'), { target: { value: '80' } });
      expect(cardImage().getAttribute('src')).toBe(PICTURE);
      expect(cardImage().style.objectPosition).toBe('80% 60%');
      expect(screen.getByText('Changes show on the card after saving.')).toBeTruthy();
      fireEvent.change(screen.getByLabelText('Focal point from the top (%)'), { target: { value: '10' } });
      expect(cardImage().style.objectPosition).toBe('80% 10%');
    });

    it('a published article: a new headline or no picture any more is shown before it is saved', () => {
      const { client } = fakeApi(() => json(200, PUBLISHED));
      renderForm(client, { article: { ...PUBLISHED, imageUrl: PICTURE, imageAlt: 'A lizard' } });
      open();
      fireEvent.change(screen.getByLabelText('Headline'), { target: { value: 'Lizard Denies Everything' } });
      expect(cardImage().getAttribute('src')).toBe(PICTURE);
      expect(cardText().title).toBe('Lizard Denies Everything');
      fireEvent.click(screen.getByRole('button', { name: 'Remove image' }));
      expect(cardImage().getAttribute('src')).toBe('/share-cards/site.png');
      expect(screen.getByText('Changes show on the card after saving.')).toBeTruthy();
    });

    it('a saved card that cannot be loaded gives way to the picture', () => {
      const { client } = fakeApi(() => json(200, PUBLISHED));
      renderForm(client, { article: { ...PUBLISHED, imageUrl: PICTURE, imageAlt: 'A lizard' } });
      open();
      fireEvent.error(cardImage());
      expect(cardImage().getAttribute('src')).toBe(PICTURE);
      expect(cardImage().style.objectPosition).toBe('50% 50%');
    });
  });
});

describe('ArticleForm: texts limited in characters', () => {
  const FAMILY = '\u{1F468}\u200D\u{1F469}\u200D\u{1F467}\u200D\u{1F466}'; // one character, 11 UTF-16 units
  const describedBy = (label: string) =>
    (screen.getByLabelText(label).getAttribute('aria-describedby') ?? '')
      .split(' ')
      .filter(Boolean)
      .map((id) => document.getElementById(id)?.textContent);
  const announced = (label: string) =>
    screen.getByLabelText(label).closest('.admin-form__field')!.querySelector('[aria-live]')!.textContent;

  it('takes a headline of 300 family emoji as 300 characters: no maxlength, a count near the limit, saved', async () => {
    const { client, sent } = fakeApi((req) => json(200, { ...ARTICLE, ...(req.body as object), version: 4 }));
    renderForm(client, { article: ARTICLE });
    const headline = screen.getByLabelText('Headline');
    // The browser's maxlength counts UTF-16 units: it would refuse this headline, so the field has none.
    expect(headline.hasAttribute('maxlength')).toBe(false);
    expect(screen.getByLabelText('Summary').hasAttribute('maxlength')).toBe(false);
    // Far from the limit: no count, and the field names only what there is.
    expect(describedBy('Headline')).toEqual([]);
    expect(announced('Headline')).toBe('');

    const at = `A${FAMILY.repeat(299)}`;
    fireEvent.change(headline, { target: { value: at } });
    expect(describedBy('Headline')).toEqual(['300 / 300']);
    expect(announced('Headline')).toBe('0 characters left');
    fireEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(sent.filter((r) => r.method === 'PUT')).toHaveLength(1));
    expect(sent.find((r) => r.method === 'PUT')!.body).toMatchObject({ headline: at });
  });

  it('refuses one more before sending: the count is marked and heard, the message is next to the field', () => {
    const { client, sent } = fakeApi(() => json(200, ARTICLE));
    renderForm(client, { article: ARTICLE });
    const headline = screen.getByLabelText('Headline');
    fireEvent.change(headline, { target: { value: `A${FAMILY.repeat(300)}` } });
    expect(describedBy('Headline')).toEqual(['301 / 300']);
    expect(announced('Headline')).toBe('1 character over the limit');
    expect(document.getElementById(headline.getAttribute('aria-describedby')!)!.className).toContain('--over');
    fireEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(describedBy('Headline')).toEqual(['301 / 300', 'Must be at most 300 characters']);
    expect(headline.getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(headline);
    expect(sent.filter((r) => r.method === 'PUT')).toHaveLength(0);
  });

  it("counts the picture's credit and the comments the same way", async () => {
    const { client, sent } = fakeApi((req) => json(200, { ...ARTICLE, ...(req.body as object), version: 4 }));
    renderForm(client, { article: { ...ARTICLE, imageUrl: 'https://img.example/goat.jpg', imageAlt: 'A goat' } });
    const credit = screen.getByLabelText('Credit');
    expect(credit.hasAttribute('maxlength')).toBe(false);
    fireEvent.change(credit, { target: { value: FAMILY.repeat(301) } });
    // 5,010 UTF-16 units, 5,000 characters: within the limit.
    const comments = `${'x'.repeat(4999)}${FAMILY}`;
    fireEvent.change(screen.getByLabelText('Editorial Comments'), { target: { value: comments } });
    fireEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(describedBy('Credit')).toEqual([
      'Who took or owns the picture, e.g. "Photo: Ann Other / Agency".',
      '301 / 300',
      'Must be at most 300 characters',
    ]);
    expect(describedBy('Editorial Comments')).toEqual(['5,000 / 5,000']);
    expect(sent.filter((r) => r.method === 'PUT')).toHaveLength(0);

    fireEvent.change(credit, { target: { value: ` ${FAMILY.repeat(300)} ` } });
    fireEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(sent.filter((r) => r.method === 'PUT')).toHaveLength(1));
    expect(sent.find((r) => r.method === 'PUT')!.body).toMatchObject({
      imageCredit: FAMILY.repeat(300),
      comments,
    });
  });
});
