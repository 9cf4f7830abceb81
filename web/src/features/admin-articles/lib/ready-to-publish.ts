import { countWords } from '@common/body/text';
import { joinByline } from '@common/byline';
import { articleTitle, META_TITLE_MAX, searchSocialText } from '@common/search-social';
import { characterCount } from '@common/text-length';
import { parseBody } from '@/lib/admin-body/body-doc';
import type { AdminArticle } from '../types.ts';
import { isPublished } from './article-status.ts';
import { bodyText } from './body-text.ts';
import { namesOf, pictureUndescribed, type ArticleFormValues, type FormField } from './article-fields.ts';

/**
 * 'Ready to publish?' (decision 052): advisory checks of an article before it goes out. They never block
 * Publish or Schedule; each says what is done, or suggests what to add and which field of the edit form
 * to open. Every rule is the product's own (the picture's description, the search title's limit and its
 * fallback, the word count), read from the form's values so the saved article and a typed one agree.
 */

export type ReadyCheckKey = 'picture' | 'summary' | 'byline' | 'tags' | 'title' | 'body';

/**
 * One check. `done`: its text says so. Otherwise a suggestion, read as `before` + `action` + `after`,
 * where `action` names what to do (a button that opens the form on `field`).
 */
export type ReadyCheck =
  | { key: ReadyCheckKey; done: true; text: string }
  | { key: ReadyCheckKey; done: false; before: string; action: string; after: string; field: FormField };

export type ReadyValues = Pick<
  ArticleFormValues,
  'headline' | 'summary' | 'metaTitle' | 'body' | 'authors' | 'tags' | 'imageUrl' | 'imageAlt'
>;

const number = (n: number) => n.toLocaleString('en-GB');

const done = (key: ReadyCheckKey, text: string): ReadyCheck => ({ key, done: true, text });
const suggest = (key: ReadyCheckKey, field: FormField, before: string, action: string, after = ''): ReadyCheck => ({
  key,
  done: false,
  before,
  action,
  after,
  field,
});

function pictureCheck(v: ReadyValues): ReadyCheck {
  if (!v.imageUrl.trim())
    return suggest('picture', 'imageUrl', '', 'Add a picture', ': share cards and the home page show one');
  // The rule publishing applies (decision 033).
  if (pictureUndescribed(v)) return suggest('picture', 'imageAlt', '', 'Describe the picture');
  return done('picture', 'Picture described');
}

function titleCheck(v: ReadyValues): ReadyCheck {
  const own = searchSocialText(v.metaTitle);
  const length = characterCount(articleTitle(v));
  if (length <= META_TITLE_MAX) {
    return done('title', own ? 'Search title fits search results' : 'Headline fits search results');
  }
  // The search title itself is never longer (the form and the server refuse it): the headline is.
  return suggest(
    'title',
    'metaTitle',
    `The headline is ${number(length)} characters: search results cut it near ${META_TITLE_MAX}. `,
    'Write a search title',
    '.',
  );
}

function bodyCheck(v: ReadyValues): ReadyCheck {
  const words = countWords(bodyText(parseBody(v.body)));
  if (words === 0) return suggest('body', 'body', 'The story has no text yet. ', 'Write the story');
  return done('body', `${number(words)} ${words === 1 ? 'word' : 'words'}`);
}

/** The checks of an article's values, in the order the panel lists them. */
export function readyChecks(v: ReadyValues): ReadyCheck[] {
  const authors = namesOf(v.authors);
  const tags = namesOf(v.tags);
  return [
    pictureCheck(v),
    v.summary.trim()
      ? done('summary', 'Summary written')
      : suggest(
          'summary',
          'summary',
          '',
          'Write a summary',
          ': search results and share cards use it, else the first paragraph',
        ),
    authors.length
      ? done('byline', `Byline: ${joinByline(authors)}`)
      : suggest('byline', 'authors', '', 'Add an author'),
    tags.length
      ? done('tags', `Tags: ${number(tags.length)}`)
      : suggest('tags', 'tags', '', 'Add tags', ' so readers find related stories'),
    titleCheck(v),
    bodyCheck(v),
  ];
}

/** A suggestion's whole sentence (what a screen reader or a test reads). */
export function checkText(check: ReadyCheck): string {
  return check.done ? check.text : `${check.before}${check.action}${check.after}`;
}

/** The panel's summary: 'All set', '1 suggestion' or 'N suggestions'. */
export function readySummary(checks: readonly ReadyCheck[]): string {
  const n = checks.filter((c) => !c.done).length;
  if (n === 0) return 'All set';
  return `${number(n)} ${n === 1 ? 'suggestion' : 'suggestions'}`;
}

/** Shown for an article that is not out yet: a draft or a scheduled one, outside the Trash. */
export function showsReadyChecks(article: Pick<AdminArticle, 'publishedAt' | 'deletedAt'>): boolean {
  return !isPublished(article.publishedAt) && !article.deletedAt;
}
