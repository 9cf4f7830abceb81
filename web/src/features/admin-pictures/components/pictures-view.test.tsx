// @vitest-environment happy-dom
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter, useLocation } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ImageListItem } from '@common/admin-contract';
import { fakeApi, json, problem, type Sent } from '@/testing/fake-admin-api';
import { renderInAdmin } from '@/testing/render-in-admin';
import { PicturesView, SWEEP_NOTE } from './pictures-view.tsx';

afterEach(cleanup);

const picture = (n: number, change: Partial<ImageListItem> = {}): ImageListItem => {
  const id = String(n).padStart(32, '0');
  return {
    id,
    url: `/images/${id}-960.webp`,
    srcset: `/images/${id}-480.webp 480w, /images/${id}-960.webp 960w`,
    width: 1600,
    height: 900,
    alt: '',
    caption: '',
    credit: '',
    focalX: 0.5,
    focalY: 0.5,
    createdAt: `2026-11-${String(10 + n).padStart(2, '0')}T09:00:00.000Z`,
    uploadedBy: 'Lia Library',
    usedBy: { count: 0, articles: [] },
    ...change,
  };
};

/** The library API of the screen, over pictures the fake changes as the server would. */
function libraryApi(
  pictures: ImageListItem[],
  answer?: (req: Sent) => Response | undefined,
  pageSize = 24,
  maxUploadBytes = 15 * 1024 * 1024,
) {
  let list = [...pictures];
  const added = (p: ImageListItem) => {
    list = [p, ...list];
  };
  const api = fakeApi((req) => {
    const given = answer?.(req);
    if (given) return given;
    const u = new URL(req.url, 'http://admin.test');
    if (req.method === 'GET' && u.pathname === '/api/admin/images') {
      const q = (u.searchParams.get('q') ?? '').toLowerCase();
      const page = Number(u.searchParams.get('page') ?? '1');
      const found = list
        .filter((p) => `${p.alt} ${p.caption} ${p.credit}`.toLowerCase().includes(q))
        .filter((p) => u.searchParams.get('described') !== 'no' || p.alt === '')
        .filter((p) => !u.searchParams.has('id') || p.id === u.searchParams.get('id'));
      return json(200, {
        items: found.slice((page - 1) * pageSize, page * pageSize),
        total: found.length,
        page,
        pageSize,
        maxUploadBytes,
      });
    }
    const one = /^\/api\/admin\/images\/([0-9a-f]{32})$/.exec(u.pathname);
    if (req.method === 'PATCH' && one) {
      const body = req.body as Partial<ImageListItem>;
      list = list.map((p) => (p.id === one[1] ? { ...p, ...body } : p));
      return json(
        200,
        list.find((p) => p.id === one[1]),
      );
    }
    return problem(404, 'Not Found');
  });
  return { ...api, added };
}

/** An upload the screen sent (through XMLHttpRequest, for its progress events), answered by the test. */
interface Posted {
  method: string;
  url: string;
  file: File;
  progress(fraction: number): void;
  answer(status: number, body: unknown): void;
}

/** Replaces XMLHttpRequest with one that records each POST in the list returned and waits for its answer. */
function fakeUploads() {
  const posted: Posted[] = [];
  class FakeXhr {
    status = 0;
    statusText = '';
    responseText = '';
    upload: { onprogress?: (e: { lengthComputable: boolean; loaded: number; total: number }) => void } = {};
    onload?: () => void;
    onerror?: () => void;
    onabort?: () => void;
    private method = '';
    private url = '';
    open(method: string, url: string) {
      this.method = method;
      this.url = url;
    }
    setRequestHeader() {}
    abort() {}
    send(form: FormData) {
      posted.push({
        method: this.method,
        url: this.url,
        file: form.get('file') as File,
        progress: (fraction) =>
          act(() => this.upload.onprogress?.({ lengthComputable: true, loaded: fraction * 100, total: 100 })),
        answer: (status, body) =>
          act(() => {
            this.status = status;
            this.responseText = JSON.stringify(body);
            this.onload?.();
          }),
      });
    }
  }
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
  return posted;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

const card = (text: string) => screen.getByText(text).closest('li')!;

describe('the Pictures screen', () => {
  it('shows each picture sized, with its description or a "No description" mark, its texts, date and users', async () => {
    const { client, sent } = libraryApi([
      picture(1, {
        alt: 'A goat on a roof',
        caption: 'The goat, yesterday',
        credit: 'Photo: Ann',
        usedBy: {
          count: 4,
          articles: [
            { id: 9, headline: 'Goat elected' },
            { id: 7, headline: 'Goat seen' },
            { id: 5, headline: 'Goat found' },
          ],
        },
      }),
      picture(2, { usedBy: { count: 1, articles: [{ id: 3, headline: 'Old story' }] } }),
    ]);
    renderInAdmin(<PicturesView />, client);
    await screen.findByText('A goat on a roof');
    expect(screen.getByRole('heading', { level: 1, name: 'Pictures' })).toBeTruthy();
    expect(screen.getByText(SWEEP_NOTE)).toBeTruthy();
    expect(screen.getByRole('status').textContent).toBe('2 pictures');
    const goat = card('A goat on a roof');
    const img = goat.querySelector('img')!;
    expect([img.getAttribute('width'), img.getAttribute('height')]).toEqual(['1600', '900']);
    expect(img.getAttribute('srcset')).toContain('480w');
    expect(goat.textContent).toContain('The goat, yesterday');
    expect(goat.textContent).toContain('Photo: Ann');
    expect(goat.textContent).toContain('Uploaded 11 Nov 2026 by Lia Library');
    expect(goat.textContent).toContain('Used by 4 articles:');
    expect(within(goat).getByRole('link', { name: 'Goat elected' }).getAttribute('href')).toBe('/admin/articles/9');
    expect(goat.textContent).toContain('and 1 article more');
    const bare = card('No description');
    expect(bare.textContent).toContain('Used by 1 article:');
    expect(within(bare).getByRole('button', { name: 'Edit the picture uploaded 12 Nov 2026, no description' }));
    expect(sent[0]!.url).toBe('/api/admin/images?page=1');
    // No delete anywhere: the server sweeps unused uploads.
    expect(screen.queryByRole('button', { name: /delete/i })).toBeNull();
  });

  it('filters to the pictures without a description and searches, through the API', async () => {
    const { client, sent } = libraryApi([picture(1, { alt: 'A goat' }), picture(2), picture(3, { caption: 'Goat' })]);
    renderInAdmin(<PicturesView />, client);
    await screen.findByText('A goat');
    fireEvent.click(screen.getByRole('checkbox', { name: 'Without a description' }));
    await waitFor(() => expect(screen.queryByText('A goat')).toBeNull());
    expect(screen.getByRole('status').textContent).toBe('2 pictures without a description');
    expect(sent.at(-1)!.url).toBe('/api/admin/images?page=1&described=no');
    fireEvent.change(screen.getByRole('searchbox', { name: /Find a picture/ }), { target: { value: 'goat' } });
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe('1 picture without a description'));
    expect(sent.at(-1)!.url).toBe('/api/admin/images?page=1&q=goat&described=no');
  });

  it('says so when every picture has a description', async () => {
    const { client } = libraryApi([picture(1, { alt: 'A goat' })]);
    renderInAdmin(<PicturesView />, client);
    await screen.findByText('A goat');
    fireEvent.click(screen.getByRole('checkbox', { name: 'Without a description' }));
    await screen.findByText('Every picture has a description.');
  });

  it('pages through the library by numbered pages, first, previous, next and last, kept in the address', async () => {
    const many = Array.from({ length: 13 }, (_, i) => picture(i + 1, { alt: `Picture ${i + 1}` }));
    const { client, sent } = libraryApi(many, undefined, 2);
    renderInAdmin(<PicturesView />, client);
    await screen.findByText('Picture 1');
    const pager = screen.getByRole('navigation', { name: 'Pages of pictures' });
    expect(screen.getByText('Page 1 of 7')).toBeTruthy();
    // Pages 1-4, a gap and the last; the current one says so.
    expect(
      within(pager)
        .getAllByRole('button')
        .map((b) => b.getAttribute('aria-label')),
    ).toEqual([
      'First page',
      'Previous page',
      'Page 1',
      'Page 2',
      'Page 3',
      'Page 4',
      'Page 7',
      'Next page',
      'Last page',
    ]);
    expect(within(pager).getByRole('button', { name: 'Page 1' }).getAttribute('aria-current')).toBe('page');
    expect(within(pager).getByRole('button', { name: 'Page 2' }).getAttribute('aria-current')).toBeNull();
    expect((within(pager).getByRole('button', { name: 'Previous page' }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(within(pager).getByRole('button', { name: 'Page 3' }));
    await screen.findByText('Picture 5');
    expect(sent.at(-1)!.url).toBe('/api/admin/images?page=3');
    expect(screen.getByText('Page 3 of 7')).toBeTruthy();
    expect(within(pager).getByRole('button', { name: 'Page 3' }).getAttribute('aria-current')).toBe('page');
    fireEvent.click(within(pager).getByRole('button', { name: 'Next page' }));
    await screen.findByText('Picture 7');
    fireEvent.click(within(pager).getByRole('button', { name: 'Previous page' }));
    await screen.findByText('Picture 5');
    fireEvent.click(within(pager).getByRole('button', { name: 'Last page' }));
    await screen.findByText('Picture 13');
    expect(screen.getByText('Page 7 of 7')).toBeTruthy();
    expect((within(pager).getByRole('button', { name: 'Next page' }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(within(pager).getByRole('button', { name: 'First page' }));
    await screen.findByText('Picture 1');
  });

  it('opens on the page the address names, and a page button keeps the search in the address', async () => {
    const many = Array.from({ length: 6 }, (_, i) => picture(i + 1, { alt: `Goat ${i + 1}` }));
    const { client, sent } = libraryApi(many, undefined, 2);
    let search = '';
    function Address() {
      search = useLocation().search;
      return null;
    }
    renderInAdmin(
      <MemoryRouter initialEntries={['/admin/pictures?q=goat&page=2']}>
        <PicturesView />
        <Address />
      </MemoryRouter>,
      client,
      { router: false },
    );
    await screen.findByText('Goat 3');
    expect(sent[0]!.url).toBe('/api/admin/images?page=2&q=goat');
    const pager = screen.getByRole('navigation', { name: 'Pages of pictures' });
    expect(within(pager).getByRole('button', { name: 'Page 2' }).getAttribute('aria-current')).toBe('page');
    fireEvent.click(within(pager).getByRole('button', { name: 'Page 3' }));
    await screen.findByText('Goat 5');
    expect(search).toBe('?q=goat&page=3');
  });

  it('gives the focus to the current page when the button pressed is disabled by the move', async () => {
    const many = Array.from({ length: 5 }, (_, i) => picture(i + 1, { alt: `Picture ${i + 1}` }));
    const { client } = libraryApi(many, undefined, 2);
    renderInAdmin(<PicturesView />, client);
    await screen.findByText('Picture 1');
    const pager = screen.getByRole('navigation', { name: 'Pages of pictures' });
    const next = within(pager).getByRole('button', { name: 'Next page' });
    next.focus();
    fireEvent.click(next);
    await screen.findByText('Picture 3');
    // Still enabled: the focus stays.
    expect(document.activeElement).toBe(next);
    fireEvent.click(next);
    await screen.findByText('Picture 5');
    expect((next as HTMLButtonElement).disabled).toBe(true);
    expect(document.activeElement).toBe(within(pager).getByRole('button', { name: 'Page 3' }));
  });

  it('has no pager for one page', async () => {
    const { client } = libraryApi([picture(1, { alt: 'Picture 1' })], undefined, 2);
    renderInAdmin(<PicturesView />, client);
    await screen.findByText('Picture 1');
    expect(screen.queryByRole('navigation', { name: 'Pages of pictures' })).toBeNull();
    expect(screen.queryByText(/^Page \d/)).toBeNull();
  });

  it('leads back from a page past the last one (its pictures were described away)', async () => {
    const { client } = libraryApi([picture(1, { alt: 'Picture 1' })], undefined, 2);
    renderInAdmin(
      <MemoryRouter initialEntries={['/admin/pictures?page=3']}>
        <PicturesView />
      </MemoryRouter>,
      client,
      { router: false },
    );
    await screen.findByText('No page 3: there are 1');
    fireEvent.click(screen.getByRole('button', { name: 'Previous page' }));
    await screen.findByText('Picture 1');
  });

  it('shows the one picture the address names by its id (the audit trail link), and leads to all', async () => {
    const { client, sent } = libraryApi([
      picture(1, { alt: 'A goat on a roof' }),
      picture(2, { alt: 'A goat on a roof', caption: 'The other goat' }),
    ]);
    const id = picture(2).id;
    renderInAdmin(
      <MemoryRouter initialEntries={[`/admin/pictures?id=${id}`]}>
        <PicturesView />
      </MemoryRouter>,
      client,
      { router: false },
    );
    await screen.findByText('The other goat');
    expect(sent[0]!.url).toBe(`/api/admin/images?page=1&id=${id}`);
    expect(screen.getAllByRole('listitem').filter((li) => li.classList.contains('admin-pictures__item'))).toHaveLength(
      1,
    );
    expect(screen.getByRole('status').textContent).toBe('The picture the link names.');
    fireEvent.click(screen.getByRole('link', { name: 'Show all pictures' }));
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe('2 pictures'));
    expect(sent.at(-1)!.url).toBe('/api/admin/images?page=1');
    expect(screen.queryByRole('link', { name: 'Show all pictures' })).toBeNull();
  });

  it('says so when the picture the address names is no longer in the library', async () => {
    const { client } = libraryApi([picture(1, { alt: 'A goat' })]);
    renderInAdmin(
      <MemoryRouter initialEntries={[`/admin/pictures?id=${'f'.repeat(32)}`]}>
        <PicturesView />
      </MemoryRouter>,
      client,
      { router: false },
    );
    await screen.findByText('This picture is no longer in the library.');
    expect(screen.queryByText('A goat')).toBeNull();
  });

  it("says the server's upload limit in the hint, as people write it", async () => {
    const { client } = libraryApi([picture(1, { alt: 'A goat' })], undefined, 24, 2.5 * 1024 * 1024);
    renderInAdmin(<PicturesView />, client);
    await screen.findByText('JPEG, PNG, WebP or AVIF, up to 2.5 MB each; several at once, or drop them here.');
    cleanup();
    const other = libraryApi([picture(1, { alt: 'A goat' })]);
    renderInAdmin(<PicturesView />, other.client);
    await screen.findByText('JPEG, PNG, WebP or AVIF, up to 15 MB each; several at once, or drop them here.');
  });

  it('edits a picture in a dialog: focus on the description, the focal point by keyboard, one PATCH for a double click', async () => {
    const { client, sent } = libraryApi([picture(1, { caption: 'Old caption' })]);
    renderInAdmin(<PicturesView />, client);
    const edit = await screen.findByRole('button', { name: /^Edit the picture uploaded/ });
    fireEvent.click(edit);
    const dialog = await screen.findByRole('dialog', { name: 'Edit the picture' });
    const alt = within(dialog).getByLabelText('Description (alt text)');
    expect(document.activeElement).toBe(alt);
    expect((within(dialog).getByLabelText('Caption') as HTMLInputElement).value).toBe('Old caption');
    fireEvent.change(alt, { target: { value: 'A goat on a roof' } });
    fireEvent.change(within(dialog).getByLabelText('Credit'), { target: { value: 'Photo: Ann' } });
    // The article form's focal point picker: arrow keys move the point.
    const picker = within(dialog).getByRole('button', { name: /^Focal point of the picture/ });
    fireEvent.keyDown(picker, { key: 'ArrowRight', shiftKey: true });
    fireEvent.keyDown(picker, { key: 'ArrowUp' });
    expect(picker.getAttribute('aria-label')).toContain('60% from the left, 49% from the top');
    // A double click on Save picture: one PATCH.
    const save = within(dialog).getByRole('button', { name: 'Save picture' });
    fireEvent.click(save);
    fireEvent.click(save);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(sent.filter((r) => r.method === 'PATCH').map((r) => r.body)).toEqual([
      { alt: 'A goat on a roof', caption: 'Old caption', credit: 'Photo: Ann', focalX: 0.6, focalY: 0.49 },
    ]);
    await screen.findByText('A goat on a roof');
  });

  it('sends no focal point when it did not move, and Cancel sends nothing', async () => {
    const { client, sent } = libraryApi([picture(1)]);
    renderInAdmin(<PicturesView />, client);
    fireEvent.click(await screen.findByRole('button', { name: /^Edit the picture uploaded/ }));
    let dialog = await screen.findByRole('dialog', { name: 'Edit the picture' });
    fireEvent.change(within(dialog).getByLabelText('Description (alt text)'), { target: { value: 'Changed' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(sent.some((r) => r.method === 'PATCH')).toBe(false);
    fireEvent.click(screen.getByRole('button', { name: /^Edit the picture uploaded/ }));
    dialog = await screen.findByRole('dialog', { name: 'Edit the picture' });
    // Opened again: the picture's own texts, not the cancelled ones.
    expect((within(dialog).getByLabelText('Description (alt text)') as HTMLTextAreaElement).value).toBe('');
    fireEvent.change(within(dialog).getByLabelText('Description (alt text)'), { target: { value: 'A goat' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save picture' }));
    await waitFor(() => expect(sent.some((r) => r.method === 'PATCH')).toBe(true));
    expect(sent.find((r) => r.method === 'PATCH')!.body).toEqual({ alt: 'A goat', caption: '', credit: '' });
  });

  it("shows the server's 400 field messages by their fields and keeps the dialog open", async () => {
    const { client } = libraryApi([picture(1)], (req) =>
      req.method === 'PATCH'
        ? problem(400, 'Bad Request', 'body/alt must NOT have more than 1000 characters', {
            errors: [
              { in: 'body', name: 'alt', message: 'must NOT have more than 1000 characters' },
              { in: 'body', name: 'credit', message: 'must not contain control characters' },
            ],
          })
        : undefined,
    );
    renderInAdmin(<PicturesView />, client);
    fireEvent.click(await screen.findByRole('button', { name: /^Edit the picture uploaded/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit the picture' });
    fireEvent.change(within(dialog).getByLabelText('Description (alt text)'), { target: { value: 'x'.repeat(1001) } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save picture' }));
    await within(dialog).findByRole('alert');
    const alt = within(dialog).getByLabelText('Description (alt text)');
    expect(alt.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(alt.getAttribute('aria-describedby')!.split(' ').at(-1)!)!.textContent).toBe(
      'must NOT have more than 1000 characters',
    );
    const credit = within(dialog).getByLabelText('Credit');
    expect(credit.getAttribute('aria-invalid')).toBe('true');
    expect(dialog.textContent).toContain('must not contain control characters');
    expect(within(dialog).getByLabelText('Caption').getAttribute('aria-invalid')).toBeNull();
  });

  it('uploads several files one POST at a time, each with its status; the first opens to be described', async () => {
    const posted = fakeUploads();
    const { client, added } = libraryApi([picture(1, { alt: 'A goat' })]);
    renderInAdmin(
      <MemoryRouter initialEntries={['/admin/pictures?q=goat']}>
        <PicturesView />
      </MemoryRouter>,
      client,
      { router: false },
    );
    await screen.findByText('A goat');
    const input = screen.getByLabelText('Upload a picture…') as HTMLInputElement;
    expect(input.multiple).toBe(true);
    expect(input.accept).toBe('image/jpeg,image/png,image/webp,image/avif');
    const harbour = new File(['png bytes'], 'harbour.png', { type: 'image/png' });
    const notes = new File(['some text'], 'notes.jpg', { type: 'image/jpeg' });
    fireEvent.change(input, { target: { files: [harbour, notes] } });
    await waitFor(() => expect(posted).toHaveLength(1));
    expect(posted[0]).toMatchObject({ method: 'POST', url: '/api/admin/images' });
    expect(posted[0]!.file.name).toBe('harbour.png');
    const line = (name: string) => screen.getByText(name).closest('li')!.textContent!.trim();
    expect(line('harbour.png')).toBe('harbour.png Uploading… 0%');
    expect(line('notes.jpg')).toBe('notes.jpg Waiting.');
    posted[0]!.progress(0.5);
    expect(line('harbour.png')).toBe('harbour.png Uploading… 50%');

    // Stored: the list loads again, the search cleared so the new picture comes first, and its dialog opens.
    const fresh = picture(9, { uploadedBy: 'Lia Library', createdAt: '2026-11-30T06:00:00.000Z' });
    added(fresh);
    const { usedBy: _usedBy, ...result } = fresh;
    posted[0]!.answer(201, { ...result, variants: [] });
    const dialog = await screen.findByRole('dialog', { name: 'Edit the picture' });
    const alt = within(dialog).getByLabelText('Description (alt text)');
    expect(document.activeElement).toBe(alt);
    expect(line('harbour.png')).toBe('harbour.png Uploaded.');
    await waitFor(() =>
      expect(document.querySelector('.admin-pictures__grid img')!.getAttribute('src')).toBe(fresh.url),
    );
    expect((screen.getByRole('searchbox', { name: /Find a picture/ }) as HTMLInputElement).value).toBe('');

    // The second file only now, and the server's refusal is its line's message.
    await waitFor(() => expect(posted).toHaveLength(2));
    expect(posted[1]!.file.name).toBe('notes.jpg');
    posted[1]!.answer(415, {
      type: 'about:blank',
      title: 'Unsupported Media Type',
      status: 415,
      detail: 'The file is not a JPEG, PNG, WebP or AVIF image.',
    });
    await waitFor(() =>
      expect(line('notes.jpg')).toBe('notes.jpg Not uploaded: The file is not a JPEG, PNG, WebP or AVIF image.'),
    );
    // Described in the dialog that opened: one PATCH for the new picture.
    fireEvent.change(alt, { target: { value: 'The harbour at dawn' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save picture' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await screen.findByText('The harbour at dawn');
  });

  it("shows the server's problem for a refused file and opens no dialog", async () => {
    const posted = fakeUploads();
    const { client, sent } = libraryApi([picture(1, { alt: 'A goat' })]);
    renderInAdmin(<PicturesView />, client);
    await screen.findByText('A goat');
    const big = new File(['x'], 'huge.jpg', { type: 'image/jpeg' });
    fireEvent.change(screen.getByLabelText('Upload a picture…'), { target: { files: [big] } });
    await waitFor(() => expect(posted).toHaveLength(1));
    posted[0]!.answer(413, {
      type: 'about:blank',
      title: 'Payload Too Large',
      status: 413,
      detail: 'The image is larger than 15 MB.',
    });
    await screen.findByText('Not uploaded: The image is larger than 15 MB.');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.getByText('A goat')).toBeTruthy();
    expect(sent.filter((r) => r.method !== 'GET')).toEqual([]);
  });
});
