import { paths } from '@/config/paths';

/** A newsroom screen the quick search opens by its name. */
export interface ScreenLink {
  name: string;
  href: string;
}

/** The screens, in the header's order (docs/product.md, Search). */
export const SCREENS: readonly ScreenLink[] = [
  { name: 'Dashboard', href: paths.admin.root.getHref() },
  { name: 'All Articles', href: paths.admin.articles.getHref() },
  { name: 'New Article', href: paths.admin.newArticle.getHref() },
  { name: 'Calendar', href: paths.admin.calendar.getHref() },
  { name: 'Authors', href: paths.admin.authors.getHref() },
  { name: 'Tags', href: paths.admin.tags.getHref() },
  { name: 'Pictures', href: paths.admin.pictures.getHref() },
  { name: 'Audit', href: paths.admin.audit.getHref() },
  { name: 'Social Auth', href: paths.admin.social.getHref() },
  { name: 'Test Publish', href: paths.admin.socialTest.getHref() },
];

/** The screens whose name contains `text` (case-insensitive); every screen for an empty text. */
export function matchScreens(text: string): readonly ScreenLink[] {
  const needle = text.trim().toLocaleLowerCase();
  return needle ? SCREENS.filter((s) => s.name.toLocaleLowerCase().includes(needle)) : SCREENS;
}
