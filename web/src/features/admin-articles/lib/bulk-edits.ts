import { slugify } from '@common/slug';
import type { NamedRef } from '@common/admin-contract';

/**
 * The bar's edits of many articles (docs/product.md, All Articles; decision 040): Change section, Add tag and
 * Remove tag, each with what the editor chose in its dialog (the section, the tag).
 */
export type BulkEdit = 'category' | 'addTag' | 'removeTag';

/** A tag chosen in the dialog: a record found by the picker, or a new name (Add tag only; no id). */
export interface TagChoice {
  id?: number;
  name: string;
  slug: string;
}

/** What an edit sets: the section (by id and name) or the tag. */
export interface BulkTarget {
  /** The section's or the tag's name, as the dialog, the progress and the toast say it. */
  name: string;
  categoryId?: number;
  tag?: TagChoice;
}

/** What an edit needs of a row beyond the actions' fields: its section, and its tags once loaded. */
export interface EditedArticle {
  deletedAt: string | null;
  categoryId?: number;
  /** Undefined: not known (not loaded, or its load failed): it is sent, and the run finds out. */
  tags?: readonly Pick<NamedRef, 'id' | 'slug'>[];
}

/** The chosen tag as a picker option gives it: a record, or a new name. */
export function tagChoice(name: string, record?: NamedRef): TagChoice {
  return record ? { id: record.id, name: record.name, slug: record.slug } : { name, slug: slugify(name) };
}

/** Whether the article has the tag: the same record, or (a new name) a tag of the same slug. */
export function hasTag(tags: readonly Pick<NamedRef, 'id' | 'slug'>[], tag: TagChoice): boolean {
  return tags.some((t) => (tag.id !== undefined ? t.id === tag.id : t.slug === tag.slug));
}

/**
 * Whether the edit changes the article: moving it to the section it is in, adding a tag it has or removing
 * one it has not does not. Nothing is chosen yet: every article outside the Trash counts.
 */
export function editActsOn(edit: BulkEdit, a: EditedArticle, target: BulkTarget | undefined): boolean {
  if (a.deletedAt) return false;
  if (edit === 'category') return target?.categoryId === undefined || a.categoryId !== target.categoryId;
  if (!target?.tag || !a.tags) return true;
  return edit === 'addTag' ? !hasTag(a.tags, target.tag) : hasTag(a.tags, target.tag);
}

/** The bar's button: 'Change section', 'Add tag', 'Remove tag'. */
export const EDIT_LABELS: Record<BulkEdit, string> = {
  category: 'Change section',
  addTag: 'Add tag',
  removeTag: 'Remove tag',
};

const tagName = (target: BulkTarget | undefined) => `“${target?.name ?? '…'}”`;

/** The words of an edit run, as the actions' (lib/bulk-action-rules.ts): the confirm, the progress and the toast. */
export function editWords(edit: BulkEdit, target: BulkTarget | undefined) {
  const section = target?.name ?? '…';
  const tag = tagName(target);
  switch (edit) {
    case 'category':
      return {
        label: 'Move',
        running: 'Moving',
        starting: (w: string) => `Moving ${w} to ${section}…`,
        done: (w: string) => `Moved ${w} to ${section}`,
        notDone: `moved to ${section}`,
      };
    case 'addTag':
      return {
        label: 'Add tag',
        running: 'Tagging',
        starting: (w: string) => `Adding the tag ${tag} to ${w}…`,
        done: (w: string) => `Added the tag ${tag} to ${w}`,
        notDone: `tagged ${tag}`,
      };
    case 'removeTag':
      return {
        label: 'Remove tag',
        running: 'Untagging',
        starting: (w: string) => `Removing the tag ${tag} from ${w}…`,
        done: (w: string) => `Removed the tag ${tag} from ${w}`,
        notDone: `untagged ${tag}`,
      };
  }
}

/**
 * The dialog's title: 'Move 3 articles to Politics?' ('… to …?' until a section is chosen); 'No article to
 * move to Politics' when the whole selection is already there.
 */
export function editTitle(edit: BulkEdit, n: number, target: BulkTarget | undefined): string {
  const count = `${n} ${n === 1 ? 'article' : 'articles'}`;
  const tag = tagName(target);
  if (edit === 'category')
    return n === 0 ? `No article to move to ${target?.name}` : `Move ${count} to ${target?.name ?? '…'}?`;
  if (!target) return edit === 'addTag' ? `Add a tag to ${count}?` : `Remove a tag from ${count}?`;
  if (n === 0) return `No article to ${edit === 'addTag' ? 'tag' : 'untag'} ${tag}`;
  return edit === 'addTag' ? `Add the tag ${tag} to ${count}?` : `Remove the tag ${tag} from ${count}?`;
}

/**
 * The dialog's message: what the edit does (in the words of the article's own category editor and tags
 * field), then which of the selection are left as they are.
 */
export function editMessage(
  edit: BulkEdit,
  acting: readonly { headline: string }[],
  leftOut: number,
  target: BulkTarget | undefined,
): string {
  const one = acting.length === 1 ? `“${acting[0]!.headline}”` : null;
  let text: string;
  if (!target) {
    text =
      edit === 'category'
        ? 'Choose the section to move them to.'
        : edit === 'addTag'
          ? 'Choose a tag, or type the name of a new one.'
          : 'Choose the tag to remove.';
    return text;
  }
  if (acting.length === 0) return leftOutText(edit, leftOut, target.name).trim();
  const tag = tagName(target);
  switch (edit) {
    case 'category':
      text = one
        ? `${one} moves to ${target.name}: if it is published, it shows there on the site at once.`
        : `They move to ${target.name}: those published show there on the site at once.`;
      break;
    case 'addTag':
      text = one
        ? `${one} gets the tag ${tag}; its other tags stay.`
        : `Each gets the tag ${tag}; their other tags stay.`;
      if (target.tag && target.tag.id === undefined) text += ' The tag is new: it is created with the first article.';
      break;
    case 'removeTag':
      text = one
        ? `${one} loses the tag ${tag}; its other tags stay.`
        : `Each loses the tag ${tag}; their other tags stay.`;
      break;
  }
  return text + leftOutText(edit, leftOut, target.name);
}

/** ' 1 is already in Politics and is left as it is.', ' 2 already have the tag and are left as they are.' */
function leftOutText(edit: BulkEdit, n: number, name: string): string {
  if (n === 0) return '';
  const [one, many] = {
    category: [`is already in ${name}`, `are already in ${name}`],
    addTag: ['already has the tag', 'already have the tag'],
    removeTag: ['does not have the tag', 'do not have the tag'],
  }[edit];
  return n === 1 ? ` 1 ${one} and is left as it is.` : ` ${n} ${many} and are left as they are.`;
}
