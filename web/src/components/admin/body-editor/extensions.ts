import { Extension, type AnyExtension } from '@tiptap/core';
import Blockquote from '@tiptap/extension-blockquote';
import Link from '@tiptap/extension-link';
import { ListItem } from '@tiptap/extension-list';
import StarterKit from '@tiptap/starter-kit';
import { allowedHref } from '@/lib/admin-body/body-doc';
import { BodyImage, Embed, PullQuote } from './nodes.ts';

/** A link to a URL or to another article (its id when chosen by headline search). */
const BodyLink = Link.extend({
  inclusive: false,
  addAttributes: () => ({
    href: { default: null, parseHTML: (el) => el.getAttribute('href') },
    articleId: {
      default: null,
      parseHTML: (el) => {
        const id = Number(el.getAttribute('data-article-id'));
        return Number.isSafeInteger(id) && id > 0 ? id : null;
      },
      renderHTML: (attrs) => (attrs.articleId ? { 'data-article-id': String(attrs.articleId) } : {}),
    },
  }),
});

/**
 * The body format's schema, and nothing else: headings 2 and 3, bold, italic, links, lists, quotes
 * (paragraphs only), a pull quote, rules, library images, embeds, hard breaks. Pasted HTML is read
 * through it, so whatever it has no node or mark for is dropped or kept as plain text.
 * `onLinkRequest` opens the link dialog (Ctrl/Cmd+K).
 */
export function bodyExtensions(onLinkRequest: () => void): AnyExtension[] {
  return [
    StarterKit.configure({
      heading: { levels: [2, 3] },
      blockquote: false,
      listItem: false,
      code: false,
      codeBlock: false,
      strike: false,
      underline: false,
      link: false,
    }),
    Blockquote.extend({ content: 'paragraph+' }),
    ListItem.extend({ content: 'paragraph (bulletList | orderedList)*' }),
    BodyLink.configure({
      openOnClick: false,
      autolink: false,
      linkOnPaste: true,
      isAllowedUri: (url) => allowedHref(url),
    }),
    PullQuote,
    BodyImage,
    Embed,
    Extension.create({
      name: 'linkShortcut',
      addKeyboardShortcuts: () => ({
        'Mod-k': () => {
          onLinkRequest();
          return true;
        },
      }),
    }),
  ];
}
