import type { PublicArticle } from '@common/news-contract';
import type { StoryRemovedEvent } from '@common/live-stream-contract';

/** A breaking story as the strip and the banner need it. */
export interface BreakingItem {
  id: number | string;
  slug: string;
  headline: string;
  category: string;
}

export interface BreakingState {
  /** The breaking stories, newest first, as the strip shows them. */
  items: BreakingItem[];
  /** The last thing to tell screen-reader users ('' : nothing yet). */
  announcement: string;
}

export type BreakingAction =
  | { type: 'published' | 'updated'; article: PublicArticle }
  | { type: 'removed'; story: StoryRemovedEvent }
  | { type: 'reset'; items: BreakingItem[] };

/** The strip's spoken form of a new breaking story. */
export function breakingAnnouncement(headline: string): string {
  return `Breaking: ${headline.trim()}`;
}

/**
 * The breaking stories of one page as site events change them: a story that is published (or changed)
 * as breaking in the page's category (home: any) goes first; one that is no longer breaking, moved
 * elsewhere or withdrawn leaves. Only a newly breaking story is announced.
 */
export function breakingReducer(category: string | undefined) {
  const inScope = (c: string) => category === undefined || c.toLowerCase() === category.toLowerCase();
  return (state: BreakingState, action: BreakingAction): BreakingState => {
    switch (action.type) {
      case 'reset':
        return { items: action.items, announcement: state.announcement };
      case 'removed': {
        const items = state.items.filter((i) => String(i.id) !== String(action.story.id));
        return items.length === state.items.length ? state : { ...state, items };
      }
      case 'published':
      case 'updated': {
        const a = action.article;
        const at = state.items.findIndex((i) => String(i.id) === String(a.id));
        if (!a.isBreaking || !inScope(a.category)) {
          return at === -1 ? state : { ...state, items: state.items.filter((_, k) => k !== at) };
        }
        const item: BreakingItem = { id: a.id, slug: a.slug, headline: a.headline, category: a.category };
        if (at !== -1) {
          // a changed headline is corrected where it stands, without a new announcement
          const items = state.items.slice();
          items[at] = item;
          return { ...state, items };
        }
        return { items: [item, ...state.items], announcement: breakingAnnouncement(a.headline) };
      }
    }
  };
}
