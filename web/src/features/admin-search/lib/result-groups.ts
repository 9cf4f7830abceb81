import type { NamedRef } from '@common/admin-contract';
import { paths } from '@/config/paths';
import type { FoundArticle } from '../api/quick-search.ts';
import type { RecentArticle } from './recent-articles.ts';
import { matchScreens } from './screens.ts';

/** A result: what it says and where it goes. */
export interface ResultItem {
  /** Unique among the results. */
  key: string;
  label: string;
  href: string;
  /** An article's status badge. */
  badge?: { text: string; tone: 'published' | 'draft' | 'scheduled' | 'deleted' };
  /** An article's section. */
  detail?: string;
}

export interface ResultGroup {
  title: 'Recent' | 'Articles' | 'Authors' | 'Tags' | 'Screens';
  items: ResultItem[];
}

/** The status badge of All Articles' rows, and the Trash's. */
export function statusBadge(a: FoundArticle): NonNullable<ResultItem['badge']> {
  if (a.deletedAt) return { text: 'in the Trash', tone: 'deleted' };
  const t = a.publishedAt ? Date.parse(a.publishedAt) : NaN;
  if (Number.isFinite(t) && t > 0) return { text: 'Published', tone: 'published' };
  return a.status === 'scheduled' ? { text: 'Scheduled', tone: 'scheduled' } : { text: 'Draft', tone: 'draft' };
}

const articleItem = (a: FoundArticle, group: string): ResultItem => ({
  key: `${group}-article-${a.id}`,
  label: a.headline,
  href: paths.admin.article.getHref(a.id),
  badge: statusBadge(a),
  detail: a.category,
});

const nameItems = (kind: 'author' | 'tag', found: NamedRef[] = []): ResultItem[] =>
  found.map((r) => ({
    key: `${kind}-${r.id}`,
    label: r.name,
    href: paths.admin.articles.getHref(kind === 'author' ? { authorId: r.id } : { tagId: r.id }),
  }));

/**
 * What the quick search lists for `text` (docs/product.md, Search): with no text, Recent then every
 * screen; otherwise Articles, Authors, Tags and the Screens whose name contains it, groups without a
 * result left out.
 */
export function resultGroups(
  text: string,
  found: { recent: RecentArticle[]; articles?: FoundArticle[]; authors?: NamedRef[]; tags?: NamedRef[] },
): ResultGroup[] {
  const screens: ResultItem[] = matchScreens(text).map((s) => ({
    key: `screen-${s.href}`,
    label: s.name,
    href: s.href,
  }));
  const groups: ResultGroup[] = text
    ? [
        { title: 'Articles', items: (found.articles ?? []).map((a) => articleItem(a, 'found')) },
        { title: 'Authors', items: nameItems('author', found.authors) },
        { title: 'Tags', items: nameItems('tag', found.tags) },
        { title: 'Screens', items: screens },
      ]
    : [
        {
          title: 'Recent',
          items: found.recent.map((a) => ({
            key: `recent-${a.id}`,
            label: a.headline,
            href: paths.admin.article.getHref(a.id),
          })),
        },
        { title: 'Screens', items: screens },
      ];
  return groups.filter((g) => g.items.length > 0);
}
