import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApp, type RunningApp } from './support/app.ts';
import { useBrowser } from './support/browser.ts';
import { EDITOR_ENV } from './support/sign-in.ts';
import { openSignedIn } from './support/signed-in.ts';
import { offCentreSubject, redPixels } from '../server/src/test-support/test-images.ts';

const web = useBrowser();

describe('described images', () => {
  let running: RunningApp;

  beforeAll(async () => {
    running = await startApp({ seed: false, env: EDITOR_ENV });
  });
  afterAll(async () => {
    await running?.close();
  });

  it('the editor describes the picture and sets its focal point (mouse and keyboard); readers and search engines get them', async () => {
    const page = await web.newPage({ width: 1280, height: 1000 });
    await openSignedIn(page, running, `${running.baseUrl}/admin/articles/new`);
    await page.getByRole('heading', { level: 1, name: 'New Article' }).waitFor();
    const headline = 'Red Balloon Seen Over Town Hall';
    await page.getByLabel('Headline').fill(headline);
    await page.getByLabel('Category', { exact: true }).selectOption({ label: 'Politics' });
    // 1600 x 900, the subject in the top right corner.
    const jpeg = await offCentreSubject(1600, 900, 1440, 180, 60);
    await page
      .getByLabel('Choose a picture…')
      .setInputFiles({ name: 'balloon.jpg', mimeType: 'image/jpeg', buffer: jpeg });
    const picker = page.getByRole('button', { name: /^Focal point of the picture/ });
    await picker.waitFor();
    expect(await picker.getAttribute('aria-label')).toContain('50% from the left, 50% from the top');
    // The description field says it is required and why.
    const alt = page.getByLabel(/^Image description \(alt text\)/);
    await page.getByText('(required to publish)').waitFor();
    await page.getByText(/Screen readers read it to people who cannot see the picture/).waitFor();

    // Click the subject: the marker moves there.
    await page
      .locator('.admin-focal__image')
      .evaluate((img: HTMLImageElement) =>
        img.complete && img.naturalWidth > 0 ? undefined : new Promise((resolve) => (img.onload = resolve)),
      );
    await picker.scrollIntoViewIfNeeded();
    const box = (await picker.boundingBox())!;
    await page.mouse.click(box.x + box.width * 0.9, box.y + box.height * 0.2);
    await expect.poll(() => picker.getAttribute('aria-label')).toContain('90% from the left, 20% from the top');
    const marker = page.locator('.admin-focal__marker');
    const m = (await marker.boundingBox())!;
    expect(Math.abs(m.x + m.width / 2 - (box.x + box.width * 0.9))).toBeLessThan(3);
    expect(Math.abs(m.y + m.height / 2 - (box.y + box.height * 0.2))).toBeLessThan(3);

    // Keyboard: focus the picture, arrow keys move the point (visible focus), the numbers follow.
    // (Reached with the keyboard: Tab away and back, so the focus ring shows.)
    await picker.focus();
    await page.keyboard.press('Tab');
    await page.keyboard.press('Shift+Tab');
    expect(await picker.evaluate((el) => el === document.activeElement)).toBe(true);
    const outline = await picker.evaluate((el) => getComputedStyle(el).outlineStyle);
    expect(outline).not.toBe('none');
    await page.keyboard.press('ArrowLeft');
    await page.keyboard.press('ArrowLeft');
    await page.keyboard.press('Shift+ArrowDown');
    await expect.poll(() => picker.getAttribute('aria-label')).toContain('88% from the left, 30% from the top');
    expect(await page.getByLabel('Focal point from the left (%)').inputValue()).toBe('88');
    // And the number fields: the point the subject is at.
    await page.getByLabel('Focal point from the left (%)').fill('90');
    await page.getByLabel('Focal point from the top (%)').fill('20');
    await page.getByText('Focal point saved.').waitFor();
    const imageUrl = await page.getByLabel('Image address').inputValue();
    const imageId = imageUrl.slice('/images/'.length, '/images/'.length + 32);

    // A draft saves without a description; it cannot be published without one.
    await page.getByRole('button', { name: 'Create article' }).click();
    await page.waitForURL(/\/admin\/articles\/\d+$/);
    const id = Number(new URL(page.url()).pathname.split('/').pop());
    await page.getByRole('button', { name: 'Publish', exact: true }).click();
    const confirm = page.getByRole('dialog');
    if (await confirm.isVisible().catch(() => false)) await confirm.getByRole('button', { name: /Publish/ }).click();
    await page
      .getByText(/imageAlt/)
      .first()
      .waitFor();

    // The form keeps the picture's box before it loads (the article says its size): with the picture held
    // back, its box is already the picture's shape.
    await page.route('**/images/*.webp', (route) => route.abort());
    await page.goto(`${running.baseUrl}/admin/articles/${id}?edit=1`);
    const held = (await page.locator('.admin-focal__image').boundingBox())!;
    expect(held.height).toBeGreaterThan(100);
    expect(held.width / held.height).toBeCloseTo(1600 / 900, 1);
    await page.unroute('**/images/*.webp');

    // Describe it in the form: alt, caption and credit.
    await page.goto(`${running.baseUrl}/admin/articles/${id}?edit=1`);
    await alt.waitFor();
    // The focal point came back with the article.
    expect(await picker.getAttribute('aria-label')).toContain('90% from the left, 20% from the top');
    await alt.fill('A red balloon drifting above the town hall roof');
    await page.getByLabel('Caption', { exact: true }).fill('The balloon, at noon on Tuesday');
    await page.getByLabel('Credit', { exact: true }).fill('Photo: Ann Snapper');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await page.getByRole('button', { name: 'Edit', exact: true }).waitFor();
    await page.getByRole('button', { name: 'Publish', exact: true }).click();
    if (await confirm.isVisible().catch(() => false)) await confirm.getByRole('button', { name: /Publish/ }).click();
    await page.locator('.admin-detail__badges').getByText('Published', { exact: true }).waitFor();

    // A published article cannot lose its description: the form says so next to the field.
    await page.getByRole('button', { name: 'Edit', exact: true }).click();
    await alt.fill('');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await page.getByText('Describe the image before publishing').waitFor();
    expect(await alt.getAttribute('aria-invalid')).toBe('true');

    // The reader's page.
    const reader = await web.newPage({ width: 360, height: 800 });
    await reader.goto(`${running.baseUrl}/article/red-balloon-seen-over-town-hall`);
    const img = reader.getByRole('img', { name: 'A red balloon drifting above the town hall roof' });
    await img.waitFor();
    expect(await img.evaluate((el) => getComputedStyle(el).objectPosition)).toBe('90% 20%');
    const caption = reader.locator('figure figcaption');
    expect(await caption.innerText()).toContain('The balloon, at noon on Tuesday');
    expect(await caption.innerText()).toMatch(/Photo: Ann Snapper/i);
    await reader.getByRole('heading', { level: 1, name: headline }).waitFor();

    // JSON-LD: the three crops with caption and credit, each containing the subject.
    const ld = await reader
      .locator('script[type="application/ld+json"]')
      .evaluateAll((els) => els.map((e) => JSON.parse(e.textContent ?? '{}') as Record<string, unknown>));
    const article = ld.find((d) => Array.isArray(d['@type']) && (d['@type'] as string[]).includes('NewsArticle'))!;
    const images = article.image as { url: string; caption?: string; creditText?: string }[];
    const crops = images.filter((i) => i.url.includes(`/images/${imageId}-`));
    expect(crops.map((c) => new URL(c.url).pathname)).toEqual([
      `/images/${imageId}-16x9-90-20.webp`,
      `/images/${imageId}-4x3-90-20.webp`,
      `/images/${imageId}-1x1-90-20.webp`,
    ]);
    for (const crop of crops) {
      expect(crop).toMatchObject({ caption: 'The balloon, at noon on Tuesday', creditText: 'Photo: Ann Snapper' });
      const res = await reader.request.get(`${running.baseUrl}${new URL(crop.url).pathname}`);
      expect(res.status()).toBe(200);
      expect(res.headers()['content-type']).toBe('image/webp');
      // The subject (the red disc at the focal point) is in every crop.
      expect(await redPixels(await res.body())).toBeGreaterThan(2000);
    }
    await reader.close();
    await page.close();
  });
});
