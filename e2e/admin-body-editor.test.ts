import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { startApp, type RunningApp } from './support/app.ts';
import { useBrowser } from './support/browser.ts';
import { adminChunks, fileOf } from './support/chunks.ts';
import { guardNetwork } from './support/network.ts';
import { EDITOR } from './support/sign-in.ts';
import { putCaretAtEnd } from './support/caret.ts';
import { openSignedIn } from './support/signed-in.ts';
import { adminRequest } from './support/admin-request.ts';

const web = useBrowser();

/** A fragment as Word puts it on the clipboard: classes, styles, spans, fonts, a table, a remote picture. */
const WORD_HTML = `<html xmlns:o="urn:schemas-microsoft-com:office:office"><head><style>p.MsoNormal{font-family:Calibri}</style></head>
<body><!--StartFragment--><h1 class="MsoTitle" style="color:red">Pasted <span style="font-family:Arial">Title</span></h1>
<p class="MsoNormal" style="margin:0"><span style="font-size:14pt"><b>Pasted bold</b> and <font color="red">red words</font><o:p></o:p></span></p>
<table class="MsoTableGrid"><tr><td>Cell one</td><td>Cell two</td></tr></table>
<p><img src="https://tracker.example/pixel.gif" alt="tracker"> after the picture</p><!--EndFragment--></body></html>`;

/** The body editor's text area. */
const body = (page: Page) => page.getByRole('textbox', { name: 'Content' });

describe('the rich article body', () => {
  let running: RunningApp;
  /** An editor's token minted for each request: one minted in beforeAll expires if the file outlasts its lifetime. */
  const authorization = () => running.bearer({ sub: '1', name: 'E2E Editor', preferred_username: EDITOR.username });

  const api = <T>(method: string, path: string, payload?: unknown) =>
    adminRequest<T>(running.baseUrl, authorization, method, path, payload);

  beforeAll(async () => {
    running = await startApp({ seed: false });
  });
  afterAll(async () => {
    await running?.close();
  });

  it('writes a story with a subheading, a link, a list, a quote, a picture and an X post, and publishes it', async () => {
    const earlier = await api<{ id: number; slug: string }>('POST', '/api/admin/articles', {
      headline: 'Earlier Cat Sighting Confirmed',
      content: 'It was a cat.',
      category: 'Politics',
      author: 'Ann Author',
    });
    const context = await web.newContext();
    const net = await guardNetwork(context);
    const page = await context.newPage();
    await openSignedIn(page, running, `${running.baseUrl}/admin/articles/new`);
    await page.getByLabel('Headline').fill('Cat Elected Mayor In Landslide');
    await page.getByLabel('Category', { exact: true }).selectOption({ label: 'Politics' });
    await page.getByLabel('Author').fill('Ann Author');

    const text = body(page);
    await text.click();
    // Markdown as you type: '## ' makes a subheading, '- ' a list, '> ' a quote.
    await page.keyboard.type('## The count');
    await page.keyboard.press('Enter');
    await page.keyboard.type('Voters backed the cat, as ');
    await page.keyboard.press('Control+k');
    const linkDialog = page.getByRole('dialog', { name: 'Add a link' });
    await linkDialog.getByLabel('Or search headlines').fill('Earlier Cat');
    await linkDialog.getByRole('button', { name: 'Earlier Cat Sighting Confirmed' }).click();
    await linkDialog.getByRole('button', { name: 'Apply link' }).click();
    await linkDialog.waitFor({ state: 'hidden' });
    await page.keyboard.press('Enter');
    // Ctrl+B and Ctrl+I; the toolbar says the format is on where the cursor is.
    await page.keyboard.press('Control+b');
    await page.keyboard.type('Landslide');
    expect(await page.getByRole('button', { name: 'Bold' }).getAttribute('aria-pressed')).toBe('true');
    await page.keyboard.press('Control+b');
    await page.keyboard.type(' and ');
    await page.keyboard.press('Control+i');
    await page.keyboard.type('purring');
    await page.keyboard.press('Control+i');
    await page.keyboard.press('Enter');
    await page.keyboard.type('- Whiskers');
    await page.keyboard.press('Enter');
    await page.keyboard.type('Naps');
    await page.keyboard.press('Enter');
    await page.keyboard.press('Enter');
    await page.keyboard.type('> Meow, said the mayor.');
    await page.keyboard.press('Enter');
    await page.keyboard.press('Enter');

    // A picture uploaded from the dialog, with its alternative text and caption.
    await page.getByRole('toolbar', { name: 'Formatting' }).getByRole('button', { name: 'Picture…' }).click();
    const pictureDialog = page.getByRole('dialog', { name: 'Insert a picture' });
    const jpeg = await sharp({ create: { width: 640, height: 360, channels: 3, background: '#c0302a' } })
      .jpeg()
      .toBuffer();
    await pictureDialog
      .getByLabel('Upload a new picture…')
      .setInputFiles({ name: 'mayor.jpg', mimeType: 'image/jpeg', buffer: jpeg });
    await pictureDialog.getByText('Chosen picture').waitFor();
    await pictureDialog.getByRole('button', { name: 'Insert picture' }).click();
    await pictureDialog.getByText('Describe the picture in the alternative text.').waitFor();
    await pictureDialog.getByLabel('Alternative text (required)').fill('A tabby cat wearing a mayoral chain');
    await pictureDialog.getByLabel('Caption').fill('The new mayor at the count');
    await pictureDialog.getByLabel('Credit').fill('Daily Smear');
    await pictureDialog.getByRole('button', { name: 'Insert picture' }).click();
    await pictureDialog.waitFor({ state: 'hidden' });

    await page.getByRole('toolbar', { name: 'Formatting' }).getByRole('button', { name: 'Embed…' }).click();
    const embedDialog = page.getByRole('dialog', { name: 'Embed a post or video' });
    await embedDialog.getByLabel('Address of the post or video').fill('https://x.com/dailysmear/status/1234567890');
    await embedDialog.getByText('This is a post on X.').waitFor();
    await embedDialog.getByLabel('Text of the post, or title of the video').fill('Congratulations to the mayor');
    await embedDialog.getByRole('button', { name: 'Embed' }).click();
    await embedDialog.waitFor({ state: 'hidden' });
    await page.getByText(/\d+ words · 1 min read/).waitFor();

    // The editor came in its own chunk, which is admin code.
    const editorChunk = net.scripts().find((u) => /body-editor-/.test(u));
    expect(editorChunk).toBeTruthy();
    expect(adminChunks(running.config.webDistDir).has(fileOf(editorChunk!))).toBe(true);

    // Ctrl+S from inside the body saves as the button does (here it creates the article).
    await body(page).getByText('Meow, said the mayor.').click();
    await page.keyboard.press('Control+s');
    await page.waitForURL(/\/admin\/articles\/\d+$/);
    const id = Number(new URL(page.url()).pathname.split('/').pop());
    const saved = await api<{ slug: string; body: { content: { type: string; attrs?: Record<string, unknown> }[] } }>(
      'GET',
      `/api/admin/articles/${id}`,
    );
    const blocks = saved.body.content;
    expect(blocks.map((b) => b.type)).toEqual(
      expect.arrayContaining(['heading', 'paragraph', 'bulletList', 'blockquote', 'image', 'embed']),
    );
    expect(blocks.find((b) => b.type === 'heading')!.attrs).toEqual({ level: 2 });
    expect(JSON.stringify(blocks)).toContain('{"type":"text","text":"Landslide","marks":[{"type":"bold"}]}');
    expect(JSON.stringify(blocks)).toContain('{"type":"text","text":"purring","marks":[{"type":"italic"}]}');
    expect(JSON.stringify(blocks)).toContain(`"href":"/article/${earlier.slug}","articleId":${earlier.id}`);
    expect(blocks.find((b) => b.type === 'image')!.attrs).toMatchObject({
      alt: 'A tabby cat wearing a mayoral chain',
      caption: 'The new mayor at the count',
      credit: 'Daily Smear',
    });
    expect(blocks.find((b) => b.type === 'embed')!.attrs).toMatchObject({
      provider: 'x',
      url: 'https://x.com/dailysmear/status/1234567890',
      text: 'Congratulations to the mayor',
      thumbnailImageId: null,
    });

    // The article's screen shows the body as written, not as plain lines: the subheading, the link to
    // the earlier story, the list, the quote, the picture with its caption (within its panel) and the post.
    const content = page.getByRole('region', { name: 'Content' });
    await content.getByRole('heading', { name: 'The count' }).waitFor();
    expect(await content.locator(`a[href="/article/${earlier.slug}"]`).count()).toBe(1);
    expect(await content.getByRole('listitem').allTextContents()).toEqual(['Whiskers', 'Naps']);
    expect(await content.locator('blockquote').textContent()).toBe('Meow, said the mayor.');
    expect(await content.locator('strong').textContent()).toBe('Landslide');
    const picture = content.getByRole('img', { name: 'A tabby cat wearing a mayoral chain' });
    await picture.waitFor();
    expect(await content.locator('figcaption').first().textContent()).toBe('The new mayor at the count Daily Smear');
    const panel = (await content.boundingBox())!;
    const box = (await picture.boundingBox())!;
    expect(box.x + box.width).toBeLessThanOrEqual(panel.x + panel.width);
    expect(await content.getByRole('link', { name: /View on X/ }).getAttribute('href')).toBe(
      'https://x.com/dailysmear/status/1234567890',
    );

    // The preview draws the body as readers will get it: the picture keeps its room while it loads
    // (its width and height from the image library, 640 by 360 as uploaded).
    await page.getByRole('link', { name: 'Preview' }).click();
    await page.waitForURL(`${running.baseUrl}/admin/articles/${id}/preview`);
    const previewed = page.getByRole('img', { name: 'A tabby cat wearing a mayoral chain' });
    await previewed.waitFor();
    const [width, height] = await Promise.all([previewed.getAttribute('width'), previewed.getAttribute('height')]);
    expect(Number(width) * 360).toBe(Number(height) * 640);
    expect(Number(width)).toBeGreaterThan(0);
    await page.getByRole('link', { name: 'Back to the article' }).click();
    await page.getByRole('heading', { level: 1 }).waitFor();

    // The same after the draft saved itself: the preview shows the autosaved body, picture sizes included.
    await page.getByRole('button', { name: 'Edit', exact: true }).click();
    await putCaretAtEnd(page, body(page).getByText('Meow, said the mayor.'), 'End');
    await page.keyboard.type(' Purr.');
    await page.getByText(/^Saved /).waitFor();
    await page.getByRole('button', { name: 'Cancel' }).click();
    await page.getByRole('link', { name: 'Preview' }).click();
    await page.getByText('Meow, said the mayor. Purr.').waitFor();
    const autosaved = page.getByRole('img', { name: 'A tabby cat wearing a mayoral chain' });
    const size = await Promise.all([autosaved.getAttribute('width'), autosaved.getAttribute('height')]);
    expect(size).toEqual([width, height]);
    await page.getByRole('link', { name: 'Back to the article' }).click();
    await page.getByRole('heading', { level: 1 }).waitFor();

    await page.getByRole('button', { name: 'Publish', exact: true }).click();
    await page.locator('.admin-detail__badges').getByText('Published', { exact: true }).waitFor();

    // A reader sees the subheading, the link and the picture, and loads no editor code.
    const readerContext = await web.newContext();
    const readerNet = await guardNetwork(readerContext);
    const reader = await readerContext.newPage();
    await reader.goto(`${running.baseUrl}/article/${saved.slug}`);
    await reader.getByRole('heading', { level: 2, name: 'The count' }).waitFor();
    expect(await reader.getByRole('link', { name: 'Earlier Cat Sighting Confirmed' }).getAttribute('href')).toBe(
      `/article/${earlier.slug}`,
    );
    await reader.getByRole('img', { name: 'A tabby cat wearing a mayoral chain' }).waitFor();
    const admin = adminChunks(running.config.webDistDir);
    expect(
      readerNet
        .scripts()
        .map(fileOf)
        .filter((f) => admin.has(f)),
    ).toEqual([]);
    expect(net.external).toEqual([]);
    await readerContext.close();
    await context.close();
  });

  it('keeps only what the body allows from a Word paste, saves the draft by itself, folds the autosaves and compares versions', async () => {
    const draft = await api<{ id: number }>('POST', '/api/admin/articles', {
      headline: 'Council Debates Pasted Text',
      content: 'The council met.',
      category: 'Politics',
      author: 'Ann Author',
    });
    const context = await web.newContext();
    const page = await context.newPage();
    await openSignedIn(page, running, `${running.baseUrl}/admin/articles/${draft.id}?edit=1`);
    // The autosave's wait runs on the page's clock, moved on below rather than waited out.
    await page.clock.install();
    const text = body(page);
    await putCaretAtEnd(page, text, 'End');
    await page.keyboard.press('Enter');
    // Held still from the paste until the check below: only the page's clock counts the three seconds, not
    // however long the steps between take on a loaded machine.
    await page.clock.pauseAt(Date.now() + 1_000);
    await text.evaluate((el, html) => {
      const data = new DataTransfer();
      data.setData('text/html', html);
      data.setData('text/plain', 'Pasted Title');
      el.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
    }, WORD_HTML);
    await text.getByText('Cell one · Cell two').waitFor();
    const html = await text.innerHTML();
    expect(html).toContain('<h2>Pasted Title</h2>');
    expect(html).toContain('<strong>Pasted bold</strong>');
    expect(html).not.toMatch(/<span|<font|<table|<img|style=|Mso|tracker/);

    // Three seconds after the last change the draft saves itself, not before.
    await page.getByText(/Unsaved changes/).waitFor();
    await page.clock.fastForward(2_500);
    expect(await page.getByText(/^Saved /).count()).toBe(0);
    await page.clock.resume();
    await page.clock.fastForward(600);
    await page.getByText(/^Saved /).waitFor();
    await putCaretAtEnd(page, text, 'Control+End');
    await page.keyboard.type(' More words.');
    await page.getByText(/Unsaved changes/).waitFor();
    await page.clock.fastForward(3_100);
    await page.getByText(/^Saved /).waitFor();
    const stored = await api<{ content: string; version: number }>('GET', `/api/admin/articles/${draft.id}`);
    expect(stored.content).toContain('More words.');
    expect(stored.version).toBe(3);

    // The History folds the two autosaves into one entry, and compares the original with the last one.
    await page.getByRole('button', { name: 'Cancel' }).click();
    await page.getByRole('button', { name: 'Show history' }).click();
    const group = page.getByRole('button', { name: /^(Show|Hide) 2 autosaves$/ });
    expect(await group.getAttribute('aria-expanded')).toBe('false');
    expect(await page.getByRole('button', { name: 'Restore version 2' }).count()).toBe(0);
    await group.click();
    expect(await group.getAttribute('aria-expanded')).toBe('true');
    await page.getByRole('button', { name: 'Restore version 2' }).waitFor();
    await page.getByLabel('Older').selectOption({ label: (await optionLabel(page, 'Older', 'Version 1 ')) ?? '' });
    await page.getByRole('button', { name: 'Compare' }).click();
    const diff = page.getByRole('region', { name: 'Changes from version 1 to version 3' });
    await diff.getByText('Underlined text was added; struck-through text was removed.').waitFor();
    expect(await diff.locator('.admin-diff__text ins').allInnerTexts()).toEqual(
      expect.arrayContaining([expect.stringContaining('More words.')]),
    );
    await context.close();
  });

  it("spaces an article's paragraphs on its screen and in the body editor, as readers see them", async () => {
    const article = await api<{ id: number }>('POST', '/api/admin/articles', {
      headline: 'Two Paragraph Story',
      content: 'The first paragraph.\n\nThe second paragraph.',
      category: 'Politics',
      author: 'Ann Author',
    });
    const context = await web.newContext();
    const page = await context.newPage();
    await openSignedIn(page, running, `${running.baseUrl}/admin/articles/${article.id}`);
    /** The gap above the second paragraph, in px. */
    const gapAbove = (paragraphs: ReturnType<Page['locator']>) =>
      paragraphs.nth(1).evaluate((p) => parseFloat(getComputedStyle(p).marginTop));
    const shown = page.locator('.admin-detail__text > p');
    await shown.nth(1).waitFor();
    expect(await gapAbove(shown)).toBeGreaterThan(8);
    await page.getByRole('button', { name: 'Edit', exact: true }).first().click();
    const edited = body(page).locator('p');
    await edited.nth(1).waitFor();
    expect(await gapAbove(edited)).toBeGreaterThan(8);
    await context.close();
  });
});

/** The full label of the option of a select that starts with `prefix`. */
async function optionLabel(page: Page, select: string, prefix: string): Promise<string | undefined> {
  const labels = await page.getByLabel(select).locator('option').allInnerTexts();
  return labels.find((l) => l.startsWith(prefix));
}
