import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testImage } from '../server/src/test-support/test-images.ts';
import { startApp, type RunningApp } from './support/app.ts';
import { axeViolations } from './support/axe.ts';
import { insertArticles } from './support/articles.ts';
import { useBrowser } from './support/browser.ts';
import { EDITOR_ENV } from './support/sign-in.ts';
import { openSignedIn } from './support/signed-in.ts';

const web = useBrowser();

describe('the social card preview', () => {
  let running: RunningApp;

  beforeAll(async () => {
    running = await startApp({ seed: false, env: EDITOR_ENV });
  });
  afterAll(async () => {
    await running?.close();
  });

  it("shows a published article's own share card with its headline and the domain, and the social title as it is typed", async () => {
    // A published article with an uploaded picture.
    const authorization = await running.bearer({ sub: '1', name: 'Erin Editor' });
    const form = new FormData();
    form.set('file', new Blob([new Uint8Array(await testImage('jpeg', 1600, 900))], { type: 'image/jpeg' }), 'p.jpg');
    const upload = await fetch(`${running.baseUrl}/api/admin/images`, {
      method: 'POST',
      headers: { authorization },
      body: form,
    });
    expect(upload.status).toBe(201);
    const { url } = (await upload.json()) as { url: string };
    const headline = 'Goose Elected Chair Of The Pond Committee';
    const [row] = await insertArticles(running.database, running.app, [
      { headline, image_url: url, image_alt: 'A goose on the pond', summary: 'The vote was not close.' },
    ]);

    const page = await web.newPage({ width: 360, height: 740 });
    await openSignedIn(page, running, `${running.baseUrl}/admin/articles/${row!.id}?edit=1`);
    await page.getByRole('heading', { level: 1, name: 'Edit Article' }).waitFor();
    await page.locator('summary', { hasText: 'Search and social' }).click();

    const card = page.getByRole('figure', { name: 'Social card preview' });
    await card.waitFor();
    expect(await card.locator('.social-card__domain').textContent()).toBe(new URL(running.baseUrl).host);
    expect(await card.locator('.social-card__title').textContent()).toBe(headline);
    expect(await card.locator('.social-card__description').textContent()).toBe('The vote was not close.');
    // The card the page head names (og:image), made by the server: 1200 x 630.
    const picture = card.getByRole('img', { name: "The story's share card, as saved" });
    await expect
      .poll(() => picture.evaluate((img: HTMLImageElement) => [img.naturalWidth, img.naturalHeight]))
      .toEqual([1200, 630]);
    expect(await picture.getAttribute('src')).toMatch(new RegExp(`^/share-cards/${row!.id}-current\\.png`));
    const box = (await picture.boundingBox())!;
    expect(box.width / box.height).toBeCloseTo(1200 / 630, 1);

    await page.getByLabel('Search and social title').fill('Goose runs the pond');
    await expect.poll(() => card.locator('.social-card__title').textContent()).toBe('Goose runs the pond');
    // The title is not on the card's picture: the saved card stays.
    expect(await picture.getAttribute('src')).toMatch(/^\/share-cards\//);
    // Fits at 360 px without sideways scrolling.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    expect(await axeViolations(page)).toEqual([]);
    await page.setViewportSize({ width: 1280, height: 900 });
    expect(await axeViolations(page)).toEqual([]);
  });
});
