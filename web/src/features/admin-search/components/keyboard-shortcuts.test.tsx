// @vitest-environment happy-dom
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { EmptyBodyEditor } from '@/testing/empty-body-editor';
import { fakeApi, json } from '@/testing/fake-admin-api';
import { renderInAdmin } from '@/testing/render-in-admin';
import { QuickSearch } from './quick-search.tsx';

const TITLE = 'Keyboard shortcuts';

function renderNewsroom() {
  const { client } = fakeApi(() => json(200, { items: [] }));
  renderInAdmin(
    <>
      <QuickSearch editor="sam-1" />
      <button type="button">Articles</button>
      <label>
        Headline
        <input />
      </label>
      <EmptyBodyEditor />
    </>,
    client,
  );
}

const question = (target: Element) => act(() => void fireEvent.keyDown(target, { key: '?', shiftKey: true }));
const shortcuts = () => screen.queryByRole('dialog', { name: TITLE });
/** Escape on a modal <dialog>: the browser's cancel event. */
const escape = (dialog: HTMLElement) => act(() => void fireEvent(dialog, new Event('cancel', { cancelable: true })));

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('the Keyboard shortcuts dialog', () => {
  it('opens with ? outside a text field, lists the groups, and Escape gives the focus back', async () => {
    renderNewsroom();
    const opener = screen.getByRole('button', { name: 'Articles' });
    opener.focus();
    question(opener);
    const dialog = shortcuts()!;
    expect(dialog).not.toBeNull();
    expect(document.activeElement).toBe(within(dialog).getByRole('button', { name: 'Close' }));
    expect(
      within(dialog)
        .getAllByRole('heading', { level: 3 })
        .map((h) => h.textContent),
    ).toEqual([
      'Anywhere in the newsroom',
      'Article form',
      'Article screen',
      'Live console',
      'Body editor',
      'Pictures',
    ]);
    // Each key drawn with <kbd>, hidden from a screen reader, which hears its name.
    expect(within(dialog).getAllByRole('term')[0]!.textContent).toBe('Ctrl+KControl+K');
    expect(dialog.querySelector('kbd')!.closest('[aria-hidden="true"]')).not.toBeNull();
    expect(dialog.textContent).toContain('Two number signs, then Space');
    expect(dialog.textContent).not.toContain('⌘');
    escape(dialog);
    await waitFor(() => expect(shortcuts()).toBeNull());
    await waitFor(() => expect(document.activeElement).toBe(opener));
  });

  it('does not open from a form field, the body editor or over another dialog', async () => {
    renderNewsroom();
    question(screen.getByRole('textbox', { name: 'Headline' }));
    question(screen.getByRole('textbox', { name: 'Content' }));
    expect(shortcuts()).toBeNull();
    // From the page's other elements it opens.
    question(screen.getByRole('button', { name: 'Articles' }));
    fireEvent.click(within(shortcuts()!).getByRole('button', { name: 'Close' }));
    expect(shortcuts()).toBeNull();
    act(() => void fireEvent.keyDown(document.body, { key: 'k', ctrlKey: true }));
    const search = screen.getByRole('dialog', { name: 'Search' });
    question(document.body);
    expect(shortcuts()).toBeNull();
    expect(search.hasAttribute('open')).toBe(true);
  });

  it('opens from the search dialog’s footer in its place, Close giving the focus back to Search', async () => {
    renderNewsroom();
    const button = screen.getByRole('button', { name: 'Search the newsroom' });
    button.focus();
    fireEvent.click(button);
    fireEvent.click(within(screen.getByRole('dialog', { name: 'Search' })).getByRole('button', { name: TITLE }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Search' })).toBeNull());
    const dialog = shortcuts()!;
    fireEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(shortcuts()).toBeNull());
    await waitFor(() => expect(document.activeElement).toBe(button));
  });

  it('shows ⌘ on a Mac', () => {
    vi.spyOn(navigator, 'platform', 'get').mockReturnValue('MacIntel');
    renderNewsroom();
    question(document.body);
    const dialog = shortcuts()!;
    expect(within(dialog).getAllByRole('term')[0]!.textContent).toBe('⌘KCommand+K');
    expect(dialog.textContent).not.toContain('Ctrl');
  });
});
