import { useEffect, useMemo, useReducer, useRef } from 'react';
import { breakingReducer, type BreakingItem, type BreakingState } from '../lib/breaking-state';
import { useLiveEvent } from './live-provider';

/**
 * The page's breaking stories, kept up to date by the site's events: starts from (and follows) the
 * list the page loaded, `items`, newest first; `announcement` is the polite screen-reader line of
 * the last story that became breaking ('Breaking: {headline}').
 */
export function useLiveBreaking(items: readonly BreakingItem[], category?: string): BreakingState {
  const reducer = useMemo(() => breakingReducer(category), [category]);
  const [state, dispatch] = useReducer(reducer, { items: [...items], announcement: '' });
  // A new list from the server (a refetch) replaces what the events built.
  const key = items.map((i) => `${String(i.id)}:${i.headline}`).join('\n');
  const seen = useRef(key);
  useEffect(() => {
    if (seen.current === key) return;
    seen.current = key;
    dispatch({ type: 'reset', items: [...items] });
  }, [key, items]);
  useLiveEvent('story-published', (e) => dispatch({ type: 'published', article: e.article }));
  useLiveEvent('story-updated', (e) => dispatch({ type: 'updated', article: e.article }));
  useLiveEvent('story-removed', (e) => dispatch({ type: 'removed', story: e }));
  return state;
}
