// @vitest-environment happy-dom
import { useState } from 'react';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { afterEach, describe, expect, it } from 'vitest';
import { AdminApiContext, type AdminApiClient } from '@/lib/admin-api-client';
import { AuthorsField } from './authors-field.tsx';

const AUTHORS = [
  { id: 1, name: 'Jane Doe', slug: 'jane-doe' },
  { id: 2, name: 'Janet Roe', slug: 'janet-roe' },
];

function setup(initial: string[] = []) {
  const asked: string[] = [];
  const client: AdminApiClient = {
    getAccessToken: async () => 'token',
    fetch: async (input) => {
      asked.push(String(input));
      const q = new URL(String(input), 'http://x').searchParams.get('q')?.toLowerCase() ?? '';
      const items = AUTHORS.filter((a) => a.name.toLowerCase().includes(q));
      return new Response(JSON.stringify({ items }), { status: 200, headers: { 'content-type': 'application/json' } });
    },
  };
  const chosen: { names: string[] } = { names: initial };
  function Harness() {
    const [names, setNames] = useState(initial);
    chosen.names = names;
    return <AuthorsField names={names} onChange={setNames} />;
  }
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={queryClient}>
      <AdminApiContext.Provider value={client}>
        <Harness />
      </AdminApiContext.Provider>
    </QueryClientProvider>,
  );
  return { asked, chosen, input: screen.getByRole('combobox', { name: 'Authors' }) as HTMLInputElement };
}

afterEach(cleanup);

describe('the authors picker (a WAI-ARIA combobox)', () => {
  it('suggests authors from the API, moves with the arrows and takes one with Enter', async () => {
    const { input, chosen, asked } = setup();
    fireEvent.focus(input);
    fireEvent.change(input, { target: { value: 'jan' } });
    const listbox = await screen.findByRole('listbox');
    await waitFor(() => expect(screen.getAllByRole('option').map((o) => o.textContent)).toContain('Jane Doe'));
    expect(asked.some((u) => u.startsWith('/api/admin/authors?q=jan'))).toBe(true);
    expect(input.getAttribute('aria-expanded')).toBe('true');
    expect(input.getAttribute('aria-controls')).toBe(listbox.id);
    fireEvent.keyDown(input, { key: 'ArrowDown' });
    fireEvent.keyDown(input, { key: 'ArrowDown' });
    const active = input.getAttribute('aria-activedescendant');
    expect(document.getElementById(active!)?.textContent).toBe('Janet Roe');
    expect(document.getElementById(active!)?.getAttribute('aria-selected')).toBe('true');
    fireEvent.keyDown(input, { key: 'Enter' });
    expect(chosen.names).toEqual(['Janet Roe']);
    expect(input.value).toBe('');
    expect(screen.getByRole('button', { name: 'Remove Janet Roe' })).toBeTruthy();
  });

  it('adds a new author inline, closes with Escape, and Backspace or Remove takes one away', async () => {
    const { input, chosen } = setup(['Jane Doe']);
    fireEvent.focus(input);
    fireEvent.change(input, { target: { value: 'Brand New Person' } });
    await waitFor(() => expect(screen.getByRole('option').textContent).toBe('Add new author “Brand New Person”'));
    fireEvent.keyDown(input, { key: 'Escape' });
    expect(input.getAttribute('aria-expanded')).toBe('false');
    fireEvent.keyDown(input, { key: 'Enter' });
    expect(chosen.names).toEqual(['Jane Doe', 'Brand New Person']);
    // One already chosen is not offered again.
    fireEvent.change(input, { target: { value: 'jane' } });
    await waitFor(() =>
      expect(screen.queryAllByRole('option').map((o) => o.textContent)).toEqual(['Janet Roe', 'Add new author “jane”']),
    );
    fireEvent.change(input, { target: { value: '' } });
    fireEvent.keyDown(input, { key: 'Backspace' });
    expect(chosen.names).toEqual(['Jane Doe']);
    fireEvent.click(screen.getByRole('button', { name: 'Remove Jane Doe' }));
    expect(chosen.names).toEqual([]);
  });

  it('keeps a typed name when the field loses focus', () => {
    const { input, chosen } = setup();
    fireEvent.focus(input);
    fireEvent.change(input, { target: { value: '  Typed   Name ' } });
    fireEvent.blur(input);
    expect(chosen.names).toEqual(['Typed Name']);
  });
});

describe("a name's limit, in characters", () => {
  const FAMILY = '\u{1F468}\u200D\u{1F469}\u200D\u{1F467}\u200D\u{1F466}'; // one character, 11 UTF-16 units

  it('counts what a reader sees near the limit, takes a name of 200 and keeps one of 201 in the box', () => {
    const { input, chosen } = setup();
    expect(input.hasAttribute('maxlength')).toBe(false);
    fireEvent.focus(input);
    fireEvent.change(input, { target: { value: `A${FAMILY.repeat(200)}` } });
    const count = screen.getByText('201 / 200');
    expect(count.className).toContain('admin-character-count--over');
    expect(input.getAttribute('aria-describedby')).toContain(count.id);
    expect(screen.getByText('1 character over the limit')).toBeTruthy();
    fireEvent.keyDown(input, { key: 'Enter' });
    expect(chosen.names).toEqual([]);
    expect(input.value).toBe(`A${FAMILY.repeat(200)}`);

    fireEvent.change(input, { target: { value: `A${FAMILY.repeat(199)}` } });
    expect(screen.getByText('200 / 200')).toBeTruthy();
    fireEvent.keyDown(input, { key: 'Enter' });
    expect(chosen.names).toEqual([`A${FAMILY.repeat(199)}`]);
    expect(screen.queryByText('200 / 200')).toBeNull();
  });
});
