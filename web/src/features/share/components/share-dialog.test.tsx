// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { useState } from 'react';
import { renderToString } from 'react-dom/server';
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
  for (const key of ['share', 'canShare'] as const) Reflect.deleteProperty(navigator, key);
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

/** Gives the browser a share sheet (the Web Share API): `share` (recorded) and, if given, `canShare`. */
function defineShareSheet(
  shareImpl: (data: ShareData) => Promise<void> = async () => {},
  canShareImpl?: (data?: ShareData) => boolean,
) {
  const sheet = vi.fn(shareImpl);
  Object.defineProperty(navigator, 'share', { configurable: true, value: sheet });
  const canShare = canShareImpl ? vi.fn(canShareImpl) : undefined;
  if (canShare) Object.defineProperty(navigator, 'canShare', { configurable: true, value: canShare });
  return { sheet, canShare };
}

function buttonTexts(dialog: HTMLElement) {
  return within(dialog)
    .getAllByRole('button')
    .map((b) => b.textContent);
}

const EXISTING_BUTTONS = ['×', 'Facebook', 'X', 'Email This Story', 'Copy'];
const SHEET_DATA = { title: share.title, text: share.description, url: share.url };

describe("'More ways to share' (the platform's share sheet)", () => {
  it('is not offered where the browser has no share sheet: the dialog is as before', () => {
    expect('share' in navigator).toBe(false);
    const { dialog } = openDialog();
    expect(within(dialog).queryByRole('button', { name: 'More ways to share' })).toBeNull();
    expect(buttonTexts(dialog)).toEqual(EXISTING_BUTTONS);
  });

  it('is not offered when canShare refuses the story', () => {
    const { canShare } = defineShareSheet(undefined, () => false);
    const { dialog } = openDialog();
    expect(canShare).toHaveBeenCalledWith(SHEET_DATA);
    expect(within(dialog).queryByRole('button', { name: 'More ways to share' })).toBeNull();
    expect(buttonTexts(dialog)).toEqual(EXISTING_BUTTONS);
  });

  it('is not in the server-rendered HTML, even where the browser has a share sheet', () => {
    defineShareSheet(undefined, () => true);
    const html = renderToString(<ShareDialog open onClose={() => {}} share={share} />);
    expect(html).toContain('Share This Scandal');
    expect(html).toContain('Email This Story');
    expect(html).not.toContain('More ways to share');
  });

  it('comes after the existing buttons and hands the sheet the headline, the summary and the article URL', async () => {
    const { sheet, canShare } = defineShareSheet(undefined, () => true);
    const { dialog } = openDialog();
    expect(canShare).toHaveBeenCalledWith(SHEET_DATA);
    expect(buttonTexts(dialog)).toEqual([...EXISTING_BUTTONS, 'More ways to share']);
    const more = within(dialog).getByRole('button', { name: 'More ways to share' });
    expect(more.querySelector('svg')?.getAttribute('aria-hidden')).toBe('true');
    await click(more);
    expect(sheet).toHaveBeenCalledTimes(1);
    expect(sheet).toHaveBeenCalledWith(SHEET_DATA);
    // The sheet is the platform's: the dialog stays open behind it.
    expect(screen.getByRole('dialog', { name: 'Share This Scandal' })).toBeTruthy();
  });

  it('without canShare, offers the sheet; without a summary, the text is the headline', async () => {
    const { sheet } = defineShareSheet();
    render(<ShareDialog open onClose={() => {}} share={{ url: share.url, title: share.title, description: null }} />);
    await click(screen.getByRole('button', { name: 'More ways to share' }));
    expect(sheet).toHaveBeenCalledWith({ title: share.title, text: share.title, url: share.url });
  });

  it('a reader cancelling the sheet (AbortError) changes nothing and logs nothing', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    const { sheet } = defineShareSheet(() => Promise.reject(new DOMException('Share canceled', 'AbortError')));
    const { dialog } = openDialog();
    await click(within(dialog).getByRole('button', { name: 'More ways to share' }));
    expect(sheet).toHaveBeenCalledTimes(1);
    expect(error).not.toHaveBeenCalled();
    expect(buttonTexts(dialog)).toEqual([...EXISTING_BUTTONS, 'More ways to share']);
  });

  it('any other failure is only logged to the console', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    const failure = new DOMException('Share not allowed', 'NotAllowedError');
    defineShareSheet(() => Promise.reject(failure));
    const { dialog } = openDialog();
    await click(within(dialog).getByRole('button', { name: 'More ways to share' }));
    expect(error).toHaveBeenCalledWith('Share sheet failed', failure);
    expect(buttonTexts(dialog)).toEqual([...EXISTING_BUTTONS, 'More ways to share']);
  });
});
