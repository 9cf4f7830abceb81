// @vitest-environment happy-dom
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { AdminTag } from '@common/admin-contract';
import { fakeApi, json, problem, type Sent } from '@/testing/fake-admin-api';
import { renderInAdmin } from '@/testing/render-in-admin';
import { PeopleView } from './people-view.tsx';

afterEach(cleanup);

/** The tags API of the screen, over a list the fake changes as the server would. */
function tagsApi(tags: AdminTag[], answer?: (req: Sent) => Response | undefined) {
  let list = [...tags];
  return fakeApi((req) => {
    const given = answer?.(req);
    if (given) return given;
    const u = new URL(req.url, 'http://admin.test');
    if (req.method === 'GET' && u.pathname === '/api/admin/tags') {
      const q = (u.searchParams.get('q') ?? '').toLowerCase();
      return json(200, { items: list.filter((t) => t.name.toLowerCase().includes(q)) });
    }
    const merge = /^\/api\/admin\/tags\/(\d+)\/merge$/.exec(u.pathname);
    if (req.method === 'POST' && merge) {
      const from = list.find((t) => t.id === Number(merge[1]))!;
      const into = list.find((t) => t.id === (req.body as { into: number }).into)!;
      const merged = { ...into, articleCount: (into.articleCount ?? 0) + (from.articleCount ?? 0) };
      list = list.filter((t) => t.id !== from.id).map((t) => (t.id === into.id ? merged : t));
      return json(200, merged);
    }
    const one = /^\/api\/admin\/tags\/(\d+)$/.exec(u.pathname);
    if (req.method === 'DELETE' && one) {
      list = list.filter((t) => t.id !== Number(one[1]));
      return json(204, null);
    }
    return problem(404, 'Not Found');
  });
}

const TAGS: AdminTag[] = [
  { id: 1, name: 'Politcs', slug: 'politcs', articleCount: 2 },
  { id: 2, name: 'Politics', slug: 'politics', articleCount: 5 },
  { id: 3, name: 'Weather', slug: 'weather', articleCount: 1 },
];

const row = (name: string) => screen.getByRole('heading', { level: 2, name }).closest('li')!;

describe('the tags screen', () => {
  it('shows each tag with its page and its number of articles', async () => {
    const { client } = tagsApi(TAGS);
    renderInAdmin(<PeopleView kind="tags" />, client);
    await screen.findByRole('heading', { level: 2, name: 'Politcs' });
    expect(row('Politcs').textContent).toContain('2 articles');
    expect(row('Weather').textContent).toContain('1 article');
    expect(within(row('Weather')).getByRole('link', { name: '/tag/weather' })).toBeTruthy();
    // The count leads to those articles in the admin list.
    const count = within(row('Politcs')).getByRole('link', { name: '2 articles tagged Politcs' });
    expect(count.getAttribute('href')).toBe('/admin/articles?page=1&pageSize=20&status=all&tagId=1');
  });

  it('merges a tag into the one chosen, once on a double-click, and the list follows', async () => {
    const { client, sent } = tagsApi(TAGS);
    renderInAdmin(<PeopleView kind="tags" />, client);
    await screen.findByRole('heading', { level: 2, name: 'Politcs' });
    fireEvent.click(within(row('Politcs')).getByRole('button', { name: 'Merge Politcs into another tag' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Merge Politcs into another tag' });
    expect(dialog.textContent).toContain('Every article tagged Politcs gets the tag you choose instead');
    expect(dialog.textContent).toContain('/tag/politcs leads to');
    const select = within(dialog).getByLabelText('Merge into') as HTMLSelectElement;
    // Every other tag, with its count; not the tag itself.
    expect([...select.options].map((o) => o.textContent)).toEqual([
      'Choose a tag…',
      'Politics (5 articles)',
      'Weather (1 article)',
    ]);
    // Nothing chosen: nothing sent, and the dialog says why.
    fireEvent.click(within(dialog).getByRole('button', { name: 'Merge tags' }));
    expect(within(dialog).getByRole('alert').textContent).toBe('Choose the tag to merge Politcs into.');
    fireEvent.change(select, { target: { value: '2' } });
    const confirm = within(dialog).getByRole('button', { name: 'Merge tags' });
    act(() => {
      confirm.click();
      confirm.click();
    });
    await waitFor(() => expect(screen.queryByRole('heading', { level: 2, name: 'Politcs' })).toBeNull());
    expect(sent.filter((r) => r.method !== 'GET')).toEqual([
      expect.objectContaining({ method: 'POST', url: '/api/admin/tags/1/merge', body: { into: 2 } }),
    ]);
    expect(row('Politics').textContent).toContain('7 articles');
  });

  it('finds the tag to merge into by name, keeping the one chosen while finding others', async () => {
    const { client, sent } = tagsApi(TAGS);
    renderInAdmin(<PeopleView kind="tags" />, client);
    await screen.findByRole('heading', { level: 2, name: 'Politcs' });
    fireEvent.click(within(row('Politcs')).getByRole('button', { name: 'Merge Politcs into another tag' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Merge Politcs into another tag' });
    const select = within(dialog).getByLabelText('Merge into') as HTMLSelectElement;
    const options = () => [...select.options].map((o) => o.textContent);
    await waitFor(() => expect(options()).toHaveLength(3));

    fireEvent.change(within(dialog).getByLabelText('Find a tag'), { target: { value: 'weath' } });
    await within(dialog).findByText('1 tag matches “weath”.');
    expect(options()).toEqual(['Choose a tag…', 'Weather (1 article)']);
    expect(sent.some((r) => r.url === '/api/admin/tags?q=weath&limit=500')).toBe(true);
    fireEvent.change(select, { target: { value: '3' } });
    // Another name found: the one chosen stays, first.
    fireEvent.change(within(dialog).getByLabelText('Find a tag'), { target: { value: 'polit' } });
    await within(dialog).findByText('1 tag matches “polit”.');
    expect(options()).toEqual(['Choose a tag…', 'Weather (1 article)', 'Politics (5 articles)']);
    expect(select.value).toBe('3');
    fireEvent.change(within(dialog).getByLabelText('Find a tag'), { target: { value: 'nothing' } });
    await within(dialog).findByText('No other tag matches “nothing”.');

    fireEvent.click(within(dialog).getByRole('button', { name: 'Merge tags' }));
    await waitFor(() => expect(screen.queryByRole('heading', { level: 2, name: 'Politcs' })).toBeNull());
    expect(sent.filter((r) => r.method === 'POST')).toEqual([
      expect.objectContaining({ url: '/api/admin/tags/1/merge', body: { into: 3 } }),
    ]);
  });

  it('says when a list holds only the first 500 by name, on the screen and in the merge dialog', async () => {
    const many: AdminTag[] = Array.from({ length: 600 }, (_, i) => ({
      id: i + 1,
      name: `Tag ${String(i + 1).padStart(3, '0')}`,
      slug: `tag-${i + 1}`,
      articleCount: 0,
    }));
    const { client } = fakeApi((req) => {
      const u = new URL(req.url, 'http://admin.test');
      const q = (u.searchParams.get('q') ?? '').toLowerCase();
      const limit = Number(u.searchParams.get('limit'));
      return json(200, { items: many.filter((t) => t.name.toLowerCase().includes(q)).slice(0, limit) });
    });
    renderInAdmin(<PeopleView kind="tags" />, client);
    await screen.findByRole('heading', { level: 2, name: 'Tag 001' });
    const note = 'The first 500 by name are listed: find a tag by name for the others.';
    expect(screen.getByText(note)).toBeTruthy();
    expect(screen.queryByRole('heading', { level: 2, name: 'Tag 501' })).toBeNull();
    fireEvent.click(within(row('Tag 001')).getByRole('button', { name: 'Merge Tag 001 into another tag' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Merge Tag 001 into another tag' });
    await within(dialog).findByText(note);
    // A tag past the first 500 is found by its name.
    fireEvent.change(within(dialog).getByLabelText('Find a tag'), { target: { value: 'tag 599' } });
    await within(dialog).findByText('1 tag matches “tag 599”.');
    const select = within(dialog).getByLabelText('Merge into') as HTMLSelectElement;
    expect([...select.options].map((o) => o.textContent)).toEqual(['Choose a tag…', 'Tag 599 (0 articles)']);
  });

  it('deletes a tag after saying what becomes of its articles; a refusal stays in the dialog', async () => {
    let refuse = true;
    const { client, sent } = tagsApi(TAGS, (req) => {
      if (req.method === 'DELETE' && refuse) {
        refuse = false;
        return problem(404, 'Not Found', 'There is no tag 3.');
      }
      return undefined;
    });
    renderInAdmin(<PeopleView kind="tags" />, client);
    await screen.findByRole('heading', { level: 2, name: 'Weather' });
    fireEvent.click(within(row('Weather')).getByRole('button', { name: 'Delete Weather' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Delete the tag Weather?' });
    expect(dialog.textContent).toContain('It is taken off its 1 article, and /tag/weather will answer “not found”.');
    const listed = () => sent.filter((r) => r.method === 'GET' && r.url.startsWith('/api/admin/tags?')).length;
    const before = listed();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete tag' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe('There is no tag 3.');
    // A refusal reloads the list too (another tab may have removed the record).
    await waitFor(() => expect(listed()).toBeGreaterThan(before));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete tag' }));
    await waitFor(() => expect(screen.queryByRole('heading', { level: 2, name: 'Weather' })).toBeNull());
    expect(sent.filter((r) => r.method === 'DELETE').map((r) => r.url)).toEqual([
      '/api/admin/tags/3',
      '/api/admin/tags/3',
    ]);
  });
});

describe('the authors screen', () => {
  it('offers Delete only for an author named on no article; Merge for every author', async () => {
    const { client } = fakeApi(() =>
      json(200, {
        items: [
          { id: 1, name: 'Jane Doe', slug: 'jane-doe', bio: '', photoUrl: null, xHandle: null, articleCount: 3 },
          { id: 2, name: 'Spare', slug: 'spare', bio: '', photoUrl: null, xHandle: null, articleCount: 0 },
        ],
      }),
    );
    renderInAdmin(<PeopleView kind="authors" />, client);
    await screen.findByRole('heading', { level: 2, name: 'Jane Doe' });
    expect(within(row('Jane Doe')).queryByRole('button', { name: 'Delete Jane Doe' })).toBeNull();
    expect(within(row('Jane Doe')).getByRole('button', { name: 'Merge Jane Doe into another author' })).toBeTruthy();
    expect(within(row('Spare')).getByRole('button', { name: 'Delete Spare' })).toBeTruthy();
    expect(row('Spare').textContent).toContain('0 articles');
  });
});

describe('the limits of names and of a bio, in characters', () => {
  const FAMILY = '\u{1F468}\u200D\u{1F469}\u200D\u{1F467}\u200D\u{1F466}'; // one character, 11 UTF-16 units
  const AUTHOR = { id: 1, name: 'Jane Doe', slug: 'jane-doe', bio: '', photoUrl: null, xHandle: null, articleCount: 3 };

  it("counts an author's name and bio as a reader sees them, near the limit, and refuses a save over it", async () => {
    const { client, sent } = fakeApi((req) =>
      req.method === 'PATCH' ? json(200, { ...AUTHOR, ...(req.body as object) }) : json(200, { items: [AUTHOR] }),
    );
    renderInAdmin(<PeopleView kind="authors" />, client);
    await screen.findByRole('heading', { level: 2, name: 'Jane Doe' });
    fireEvent.click(within(row('Jane Doe')).getByRole('button', { name: 'Edit Jane Doe' }));
    const form = await screen.findByRole('form', { name: 'Edit author Jane Doe' });
    const name = within(form).getByLabelText('Name') as HTMLInputElement;
    const bio = within(form).getByLabelText('Bio') as HTMLTextAreaElement;
    // No maxlength: it counts UTF-16 units, and 200 family emoji are 2,200 of them.
    expect(name.hasAttribute('maxlength')).toBe(false);
    expect(bio.hasAttribute('maxlength')).toBe(false);
    expect(within(form).getByLabelText('Photo URL').hasAttribute('maxlength')).toBe(false);

    fireEvent.change(name, { target: { value: `A${FAMILY.repeat(201)}` } });
    fireEvent.change(bio, { target: { value: FAMILY.repeat(4995) } });
    const nameCount = document.getElementById(name.getAttribute('aria-describedby')!.split(' ')[0]!)!;
    expect(nameCount.textContent).toBe('202 / 200');
    expect(nameCount.className).toContain('admin-character-count--over');
    expect(within(form).getByText('2 characters over the limit')).toBeTruthy();
    expect(document.getElementById(bio.getAttribute('aria-describedby')!)!.textContent).toBe('4,995 / 5,000');

    fireEvent.click(within(form).getByRole('button', { name: 'Save author' }));
    expect(within(form).getByText('Must be at most 200 characters')).toBeTruthy();
    expect(name.getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(name);
    expect(sent.filter((r) => r.method === 'PATCH')).toEqual([]);

    fireEvent.change(name, { target: { value: `A${FAMILY.repeat(199)}` } });
    // A double click on Save author: one PATCH, the form done once it is saved.
    const save = within(form).getByRole('button', { name: 'Save author' });
    fireEvent.click(save);
    fireEvent.click(save);
    await waitFor(() => expect(form.isConnected).toBe(false));
    expect(sent.filter((r) => r.method === 'PATCH')).toHaveLength(1);
    expect(sent.find((r) => r.method === 'PATCH')!.body).toMatchObject({
      name: `A${FAMILY.repeat(199)}`,
      bio: FAMILY.repeat(4995),
    });
  });

  it("counts a tag's name against its 100 characters", async () => {
    const { client, sent } = tagsApi(TAGS);
    renderInAdmin(<PeopleView kind="tags" />, client);
    await screen.findByRole('heading', { level: 2, name: 'Weather' });
    fireEvent.click(within(row('Weather')).getByRole('button', { name: 'Edit Weather' }));
    const form = await screen.findByRole('form', { name: 'Edit tag Weather' });
    const name = within(form).getByLabelText('Name') as HTMLInputElement;
    fireEvent.change(name, { target: { value: `W${FAMILY.repeat(100)}` } });
    expect(within(form).getByText('101 / 100')).toBeTruthy();
    fireEvent.click(within(form).getByRole('button', { name: 'Save tag' }));
    expect(within(form).getByText('Must be at most 100 characters')).toBeTruthy();
    expect(sent.filter((r) => r.method === 'PATCH')).toEqual([]);
  });
});
