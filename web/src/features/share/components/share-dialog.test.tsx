// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { COPIED_INDICATOR_MS } from '@/lib/copy-to-clipboard';
import { ShareDialog } from './share-dialog';

const share = {
  url: 'https://smear.example/article/goat-eats-budget',
  title: 'Goat Eats Budget',
  description: 'Treasury officials say the budget has never been so well chewed.',
};

function Page() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Share on Social
      </button>
      <ShareDialog open={open} onClose={() => setOpen(false)} share={share} />
    </>
  );
}

/** Clicks through React's event system and lets the resulting promises settle. */
async function click(element: HTMLElement) {
  await act(async () => {
    fireEvent.click(element);
  });
}

function openDialog() {
  render(<Page />);
  const opener = screen.getByRole('button', { name: 'Share on Social' });
  opener.focus();
  fireEvent.click(opener);
  return { opener, dialog: screen.getByRole('dialog', { name: 'Share This Scandal' }) };
}

let writes: string[];
beforeEach(() => {
  writes = [];
  Object.defineProperty(window, 'isSecureContext', { configurable: true, value: true });
  Object.defineProperty(navigator, 'clipboard', {
    configurable: true,
    value: { writeText: async (text: string) => void writes.push(text) },
  });
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe("the share dialog 'Share This Scandal'", () => {
  it('shows the headline, Facebook, X, the mailto link and the read-only URL field', () => {
    const { dialog } = openDialog();
    const d = within(dialog);
    expect(d.getByText('Goat Eats Budget')).toBeTruthy();
    expect(d.getByRole('button', { name: 'Facebook' })).toBeTruthy();
    expect(d.getByRole('button', { name: 'X' })).toBeTruthy();
    const field = d.getByRole('textbox') as HTMLInputElement;
    expect(field.value).toBe(share.url);
    expect(field.readOnly).toBe(true);
    const mail = d.getByText('Email This Story').closest('a, button');
    expect(mail).toBeTruthy();
  });

  it('Facebook opens a 600x400 popup on the sharer with the article URL encoded', async () => {
    const open = vi.spyOn(window, 'open').mockReturnValue(null);
    const { dialog } = openDialog();
    await click(within(dialog).getByRole('button', { name: 'Facebook' }));
    expect(open).toHaveBeenCalledTimes(1);
    const [url, , features] = open.mock.calls[0]!;
    expect(String(url)).toContain(encodeURIComponent(share.url));
    expect(String(url)).toMatch(/^https:\/\/www\.facebook\.com\/sharer/);
    expect(String(features)).toMatch(/width=600/);
    expect(String(features)).toMatch(/height=400/);
  });

  it("Copy writes the URL to the clipboard, reads 'Copied!' for exactly 2 seconds, then 'Copy'", async () => {
    vi.useFakeTimers();
    const { dialog } = openDialog();
    const d = within(dialog);
    await click(d.getByRole('button', { name: 'Copy' }));
    expect(writes).toEqual([share.url]);
    expect(d.getByRole('button', { name: 'Copied!' })).toBeTruthy();
    expect(d.getByRole('status').textContent).toBe('Link copied to the clipboard');
    act(() => vi.advanceTimersByTime(COPIED_INDICATOR_MS - 1));
    expect(d.getByRole('button', { name: 'Copied!' })).toBeTruthy();
    act(() => vi.advanceTimersByTime(1));
    expect(d.getByRole('button', { name: 'Copy' })).toBeTruthy();
    expect(d.queryByRole('button', { name: 'Copied!' })).toBeNull();
  });

  it("a failed copy keeps 'Copy' and only logs", async () => {
    Object.defineProperty(window, 'isSecureContext', { configurable: true, value: false });
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    document.execCommand = () => false;
    const { dialog } = openDialog();
    await click(within(dialog).getByRole('button', { name: 'Copy' }));
    expect(within(dialog).getByRole('button', { name: 'Copy' })).toBeTruthy();
    expect(error).toHaveBeenCalledWith('Copy command failed');
  });

  it('Close returns focus to the button that opened the dialog', async () => {
    const { opener, dialog } = openDialog();
    await click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(opener);
  });
});
