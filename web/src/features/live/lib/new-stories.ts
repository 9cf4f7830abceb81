import type { PublicArticle } from '@common/news-contract';
import type { StoryRemovedEvent } from '@common/live-stream-contract';

/** The stories a listing has not shown yet: their ids, in arrival order. */
export interface NewStoriesState {
  /** Ids the listing shows (from its data): a story among them is not new. */
  known: ReadonlySet<string>;
  fresh: string[];
}

export type NewStoriesAction =
  | { type: 'published'; article: PublicArticle }
  | { type: 'removed'; story: StoryRemovedEvent }
  | { type: 'shown'; known: ReadonlySet<string> };

/** The button's text: '1 new story', 'N new stories'. */
export function newStoriesLabel(count: number): string {
  return count === 1 ? '1 new story' : `${count} new stories`;
}

/**
 * Counts the stories published into a listing (its category; home: all) since it was loaded. A
 * story withdrawn before the reader looked is no longer counted; the reader's click ('shown') loads
 * the listing again and starts over from what it shows.
 */
export function newStoriesReducer(category: string | undefined) {
  const inScope = (c: string) => category === undefined || c.toLowerCase() === category.toLowerCase();
  return (state: NewStoriesState, action: NewStoriesAction): NewStoriesState => {
    switch (action.type) {
      case 'shown':
        return { known: action.known, fresh: [] };
      case 'removed': {
        const id = String(action.story.id);
        return state.fresh.includes(id) ? { ...state, fresh: state.fresh.filter((f) => f !== id) } : state;
      }
      case 'published': {
        const id = String(action.article.id);
        if (!inScope(action.article.category) || state.known.has(id) || state.fresh.includes(id)) return state;
        return { ...state, fresh: [...state.fresh, id] };
      }
    }
  };
}
