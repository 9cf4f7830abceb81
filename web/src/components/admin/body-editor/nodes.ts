import { mergeAttributes, Node } from '@tiptap/core';
import { imageVariantUrl, uploadedImageId } from '@common/images';

declare module '@tiptap/core' {
  interface Commands<ReturnType> {
    pullQuote: { togglePullQuote: () => ReturnType };
    bodyImage: { insertBodyImage: (attrs: BodyImageAttrs) => ReturnType };
    embed: { insertEmbed: (attrs: EmbedAttrs) => ReturnType };
  }
}

export interface BodyImageAttrs {
  imageId: string;
  alt: string;
  caption: string;
  credit: string;
}

export interface EmbedAttrs {
  provider: 'x' | 'youtube';
  url: string;
  text: string;
  thumbnailImageId: string | null;
}

/** One short highlighted quote; bold and italic allowed, nothing else. */
export const PullQuote = Node.create({
  name: 'pullQuote',
  group: 'block',
  content: 'inline*',
  marks: 'bold italic',
  defining: true,
  parseHTML: () => [{ tag: 'aside[data-type="pull-quote"]' }],
  renderHTML: ({ HTMLAttributes }) => [
    'aside',
    mergeAttributes(HTMLAttributes, { 'data-type': 'pull-quote', class: 'admin-body-pull-quote' }),
    0,
  ],
  addCommands() {
    return {
      togglePullQuote:
        () =>
        ({ commands }) =>
          commands.toggleNode(this.name, 'paragraph'),
    };
  },
});

const text = (value: unknown) => (typeof value === 'string' ? value : '');

/** A picture of the library with its alternative text, caption and credit. */
export const BodyImage = Node.create({
  name: 'image',
  group: 'block',
  atom: true,
  draggable: true,
  addAttributes: () => ({
    imageId: { default: '' },
    alt: { default: '' },
    caption: { default: '' },
    credit: { default: '' },
  }),
  parseHTML: () => [
    {
      tag: 'figure[data-type="body-image"]',
      getAttrs: (el) => {
        const img = el.querySelector('img');
        return {
          imageId: el.getAttribute('data-image-id') ?? '',
          alt: img?.getAttribute('alt') ?? '',
          caption: el.getAttribute('data-caption') ?? '',
          credit: el.getAttribute('data-credit') ?? '',
        };
      },
    },
    // A picture of this site's library pasted from one of its pages keeps its alternative text.
    {
      tag: 'img[src]',
      getAttrs: (el) => {
        const id = uploadedImageId(el.getAttribute('src'));
        const alt = el.getAttribute('alt')?.trim();
        return id && alt ? { imageId: id, alt, caption: '', credit: '' } : false;
      },
    },
  ],
  renderHTML: ({ node }) => {
    const a = node.attrs as BodyImageAttrs;
    const caption = [a.caption, a.credit ? `(${a.credit})` : ''].filter(Boolean).join(' ');
    return [
      'figure',
      {
        'data-type': 'body-image',
        'data-image-id': a.imageId,
        'data-caption': a.caption,
        'data-credit': a.credit,
        class: 'admin-body-figure',
      },
      ['img', { src: imageVariantUrl(a.imageId, 480), alt: a.alt }],
      ['figcaption', {}, caption || 'No caption'],
    ];
  },
  addCommands() {
    return {
      insertBodyImage:
        (attrs) =>
        ({ commands }) =>
          // With an empty paragraph after it, so the writer goes on typing below (and the next
          // insertion does not replace the node, which would still be selected).
          commands.insertContent([{ type: this.name, attrs }, { type: 'paragraph' }]),
    };
  },
});

const PROVIDER_NAMES: Record<EmbedAttrs['provider'], string> = { x: 'Post on X', youtube: 'YouTube video' };

/** An X post or a YouTube video: its address, its text as pasted, and a library thumbnail. */
export const Embed = Node.create({
  name: 'embed',
  group: 'block',
  atom: true,
  draggable: true,
  addAttributes: () => ({
    provider: { default: 'x' },
    url: { default: '' },
    text: { default: '' },
    thumbnailImageId: { default: null },
  }),
  parseHTML: () => [
    {
      tag: 'div[data-type="embed"]',
      getAttrs: (el) => ({
        provider: el.getAttribute('data-provider') === 'youtube' ? 'youtube' : 'x',
        url: el.getAttribute('data-url') ?? '',
        text: el.getAttribute('data-text') ?? '',
        thumbnailImageId: el.getAttribute('data-thumbnail-image-id') || null,
      }),
    },
  ],
  renderHTML: ({ node }) => {
    const a = node.attrs as EmbedAttrs;
    return [
      'div',
      {
        'data-type': 'embed',
        'data-provider': a.provider,
        'data-url': a.url,
        'data-text': a.text,
        'data-thumbnail-image-id': a.thumbnailImageId ?? '',
        class: 'admin-body-embed',
      },
      ['strong', {}, PROVIDER_NAMES[a.provider] ?? 'Embed'],
      ['span', { class: 'admin-body-embed__text' }, text(a.text) || '(no text)'],
      ['span', { class: 'admin-body-embed__url' }, a.url],
    ];
  },
  addCommands() {
    return {
      insertEmbed:
        (attrs) =>
        ({ commands }) =>
          // With an empty paragraph after it, so the writer goes on typing below (and the next
          // insertion does not replace the node, which would still be selected).
          commands.insertContent([{ type: this.name, attrs }, { type: 'paragraph' }]),
    };
  },
});
