// @vitest-environment happy-dom
import type { ReactElement } from 'react';
import { renderToString } from 'react-dom/server';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { imageVariantUrl, IMAGE_WIDTHS } from '@common/images';
import { IMAGE_SIZES } from '../lib/image-sources';
import { publicArticle } from '../testing/public-article';
import type { Article } from '../types';
import { ArticleCard } from './article-card';
import { ArticleView } from './article-view';
import { RelatedTeasers } from './related-teasers';

const ID = '0123456789abcdef0123456789abcdef';

function article(imageUrl: string | null, slug = 'goose-elected'): Article {
  return publicArticle({
    slug,
    imageUrl,
    imageAlt: 'A goose in a mayoral chain',
    imageFocalX: 0.3,
    imageFocalY: 0.2,
  });
}

/** Renders as the server does (renderToString), then reads the markup back as a document. */
function serverImages(element: ReactElement): HTMLImageElement[] {
  const router = createMemoryRouter([{ path: '*', element }], { initialEntries: ['/'] });
  const html = renderToString(<RouterProvider router={router} />);
  const doc = new DOMParser().parseFromString(`<!doctype html><body>${html}</body>`, 'text/html');
  return [...doc.querySelectorAll('img')];
}

const uploaded = imageVariantUrl(ID, 1600);
const everyWidth = IMAGE_WIDTHS.map((w) => `${imageVariantUrl(ID, w)} ${w}w`);

function expectResponsive(img: HTMLImageElement, sizes: string, width: number, height: number) {
  expect(img.getAttribute('src')).toBe(uploaded);
  expect(img.getAttribute('srcset')?.split(', ')).toEqual(everyWidth);
  expect(img.getAttribute('sizes')).toBe(sizes);
  // The box is reserved before the picture arrives: no layout shift.
  expect(img.getAttribute('width')).toBe(String(width));
  expect(img.getAttribute('height')).toBe(String(height));
  // The editor's description of the picture (not the headline), cropped around its focal point.
  expect(img.getAttribute('alt')).toBe('A goose in a mayoral chain');
  expect(img.getAttribute('style')).toContain('object-position:30% 20%');
}

describe('uploaded pictures in server-rendered public pages', () => {
  it('the article page: every stored width with the column width, and its box size', () => {
    const [img] = serverImages(<ArticleView article={article(uploaded)} />);
    expectResponsive(img!, IMAGE_SIZES.article, 1280, 720);
  });

  it('cards: the lead card and the others with their own widths', () => {
    const [lead] = serverImages(<ArticleCard article={article(uploaded)} size="large" priority />);
    expectResponsive(lead!, IMAGE_SIZES.leadCard, 1280, 720);
    const [card] = serverImages(<ArticleCard article={article(uploaded)} size="small" />);
    expectResponsive(card!, IMAGE_SIZES.card, 640, 360);
    expect(card!.getAttribute('loading')).toBe('lazy');
  });

  it('teasers under an article', () => {
    const images = serverImages(
      <RelatedTeasers articles={[article(uploaded, 'a'), article(uploaded, 'b')]} isLoading={false} />,
    );
    expect(images).toHaveLength(2);
    for (const img of images) expectResponsive(img, IMAGE_SIZES.teaser, 640, 360);
  });

  it('a picture that is not an upload keeps its one file: no srcset, no sizes', () => {
    const images = [
      ...serverImages(<ArticleView article={article('/images/demo/goose.jpg')} />),
      ...serverImages(<ArticleCard article={article('https://cdn.example.com/goose.webp')} />),
      ...serverImages(<RelatedTeasers articles={[article('/images/demo/goose.jpg')]} isLoading={false} />),
    ];
    expect(images).toHaveLength(3);
    for (const img of images) {
      expect(img.getAttribute('src')).toMatch(/goose/);
      expect(img.hasAttribute('srcset')).toBe(false);
      expect(img.hasAttribute('sizes')).toBe(false);
      expect(img.getAttribute('width')).toMatch(/^\d+$/);
    }
  });
});

describe('the picture described', () => {
  it('the article page shows caption and credit under the picture; a picture without a description has an empty alt', () => {
    const described = { ...article(uploaded), imageCaption: 'The goose, sworn in', imageCredit: 'Photo: Pond Wire' };
    const router = createMemoryRouter([{ path: '*', element: <ArticleView article={described} /> }], {
      initialEntries: ['/'],
    });
    const html = renderToString(<RouterProvider router={router} />);
    const doc = new DOMParser().parseFromString(`<!doctype html><body>${html}</body>`, 'text/html');
    const caption = doc.querySelector('figure figcaption');
    expect(caption?.textContent).toBe('The goose, sworn in Photo: Pond Wire');
    const bare = serverImages(<ArticleView article={{ ...article(uploaded), imageAlt: undefined }} />)[0]!;
    expect(bare.getAttribute('alt')).toBe('');
  });
});
