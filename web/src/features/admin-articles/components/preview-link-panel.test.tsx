// @vitest-environment happy-dom
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { PreviewLink } from '@common/preview-contract';
import { adminArticle } from '@/testing/admin-article';
import { fakeApi, json, problem, type Sent } from '@/testing/fake-admin-api';
import { recordToasts } from '@/testing/record-toasts';
import { renderInAdmin } from '@/testing/render-in-admin';
import { formatAdminDate } from '../lib/format-date.ts';
import { PreviewLinkPanel } from './preview-link-panel.tsx';

const toasts = recordToasts();
let writes: string[];
beforeEach(() => {
  writes = [];
  Object.defineProperty(window, 'isSecureContext', { configurable: true, value: true });
  Object.defineProperty(navigator, 'clipboard', {
    configurable: true,
    value: { writeText: async (text: string) => void writes.push(text) },
  });
});
afterEach(cleanup);

const URL_1 = 'http://news.test/preview/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA';
const URL_2 = 'http://news.test/preview/BBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBB';
const link = (n: number): PreviewLink => ({
  createdAt: `2026-03-0${n}T10:00:00.000Z`,
  createdBy: 'Pat Preview',
  expiresAt: `2026-03-${n + 7 < 10 ? '0' : ''}${n + 7}T10:00:00.000Z`,
});

/** The server's preview link of article 7: `on` a link, else none; POST makes link 1, then 2; `refuse` answers a write. */
function previewApi(opts: { on?: PreviewLink; refuse?: (req: Sent) => Response | undefined } = {}) {
  let current: PreviewLink | null = opts.on ?? null;
  let made = 0;
  return fakeApi((req) => {
    if (!req.url.endsWith('/api/admin/articles/7/preview-link')) return problem(404, 'Not Found');
    const refused = req.method === 'GET' ? undefined : opts.refuse?.(req);
    if (refused) return refused;
    if (req.method === 'GET') return json(200, { link: current });
    if (req.method === 'DELETE') {
      current = null;
      return json(204, null);
    }
    made += 1;
    current = link(made);
    return json(201, { link: current, url: made === 1 ? URL_1 : URL_2 });
  });
}

const panel = () => screen.getByRole('region', { name: 'Preview link' });

describe('PreviewLinkPanel', () => {
  it('creates a link on a draft, shows its address once with Copy and its expiry, and focuses the address', async () => {
    const api = previewApi();
    renderInAdmin(<PreviewLinkPanel article={adminArticle({ id: 7 })} />, api.client);
    const p = within(panel());
    expect(await p.findByText(/works for 7 days, or until the article is published/)).toBeTruthy();
    fireEvent.click(p.getByRole('button', { name: 'Create preview link' }));

    const field = (await p.findByRole('textbox', { name: /Preview address/ })) as HTMLInputElement;
    expect(field.value).toBe(URL_1);
    expect(field.readOnly).toBe(true);
    await waitFor(() => expect(document.activeElement).toBe(field));
    const expiry = p.getByText(/Anyone with the link can read this article until/).textContent;
    expect(expiry).toContain('or until it is published');
    // When it stops working: the date and the time, in the editor's time zone.
    expect(expiry).toContain(formatAdminDate(link(1).expiresAt));
    expect(expiry).toMatch(/until \d{1,2} Mar 2026, \d{2}:\d{2}, or/);
    expect(toasts.map((t) => t.title)).toEqual(['Preview link created']);
    expect(api.sent.map((r) => r.method)).toEqual(['GET', 'POST']);

    fireEvent.click(p.getByRole('button', { name: 'Copy' }));
    expect(await p.findByRole('button', { name: 'Copied' })).toBeTruthy();
    expect(writes).toEqual([URL_1]);
    expect(p.getByRole('status').textContent).toBe('Preview address copied to the clipboard');

    // A new link replaces the old: its address is the one shown.
    fireEvent.click(p.getByRole('button', { name: 'New link' }));
    await waitFor(() =>
      expect((p.getByRole('textbox', { name: /Preview address/ }) as HTMLInputElement).value).toBe(URL_2),
    );
  });

  it('makes a link for the days the editor chooses: 7 unless they choose, 1 or 30', async () => {
    const api = previewApi();
    renderInAdmin(<PreviewLinkPanel article={adminArticle({ id: 7 })} />, api.client);
    const p = within(panel());
    const choice = (await p.findByRole('combobox', { name: 'Works for' })) as HTMLSelectElement;
    expect(choice.value).toBe('7');
    expect([...choice.options].map((o) => o.text)).toEqual(['1 day', '7 days', '30 days']);
    fireEvent.change(choice, { target: { value: '1' } });
    expect(p.getByText(/works for 1 day, or until the article is published/)).toBeTruthy();
    fireEvent.change(choice, { target: { value: '30' } });
    expect(p.getByText(/works for 30 days, or until the article is published/)).toBeTruthy();
    fireEvent.click(p.getByRole('button', { name: 'Create preview link' }));
    await p.findByRole('textbox', { name: /Preview address/ });
    // A new link, from the panel of a link that is on, asks for the days chosen there.
    fireEvent.change(p.getByRole('combobox', { name: 'Works for' }), { target: { value: '1' } });
    fireEvent.click(p.getByRole('button', { name: 'New link' }));
    await waitFor(() =>
      expect((p.getByRole('textbox', { name: /Preview address/ }) as HTMLInputElement).value).toBe(URL_2),
    );
    expect(api.sent.filter((r) => r.method === 'POST').map((r) => r.body)).toEqual([{ days: 30 }, { days: 1 }]);
  });

  it('says a link is on without its address after a reload, and turns it off', async () => {
    const api = previewApi({ on: link(1) });
    renderInAdmin(
      <PreviewLinkPanel
        article={adminArticle({ id: 7, status: 'scheduled', publishAt: '2026-03-05T12:00:00.000Z' })}
      />,
      api.client,
    );
    const p = within(panel());
    expect(await p.findByText(/A preview link is on, made by Pat Preview/)).toBeTruthy();
    expect(p.queryByRole('textbox')).toBeNull();
    fireEvent.click(p.getByRole('button', { name: 'Turn off the link' }));
    const create = await p.findByRole('button', { name: 'Create preview link' });
    await waitFor(() => expect(document.activeElement).toBe(create));
    expect(toasts.map((t) => t.title)).toEqual(['Preview link turned off']);
    expect(api.sent.map((r) => `${r.method} ${r.url}`)).toEqual([
      'GET /api/admin/articles/7/preview-link',
      'DELETE /api/admin/articles/7/preview-link',
    ]);
  });

  it("shows the server's refusal and stays usable", async () => {
    const api = previewApi({
      refuse: () =>
        problem(409, 'Conflict', 'The article is published: readers can already see it, so it needs no preview link.'),
    });
    renderInAdmin(<PreviewLinkPanel article={adminArticle({ id: 7 })} />, api.client);
    const p = within(panel());
    fireEvent.click(await p.findByRole('button', { name: 'Create preview link' }));
    await waitFor(() => expect(toasts).toHaveLength(1));
    expect(toasts[0]).toMatchObject({ title: 'Failed to create the preview link', variant: 'destructive' });
    expect(toasts[0]!.description).toContain('needs no preview link');
    expect(p.queryByRole('textbox')).toBeNull();
    expect((p.getByRole('button', { name: 'Create preview link' }) as HTMLButtonElement).disabled).toBe(false);
  });

  it('is not there for a published or deleted article, and asks nothing', async () => {
    const api = previewApi();
    renderInAdmin(
      <>
        <PreviewLinkPanel article={adminArticle({ id: 7, publishedAt: '2026-03-01T10:00:00.000Z' })} />
        <PreviewLinkPanel article={adminArticle({ id: 7, deletedAt: '2026-03-01T10:00:00.000Z' })} />
      </>,
      api.client,
    );
    await act(async () => new Promise((r) => setTimeout(r, 20)));
    expect(screen.queryByRole('region', { name: 'Preview link' })).toBeNull();
    expect(api.sent).toEqual([]);
  });
});
