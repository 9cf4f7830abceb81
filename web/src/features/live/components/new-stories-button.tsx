import { useEffect, useMemo, useReducer } from 'react';
import { MAIN_CONTENT_ID } from '@/components/layout/public-layout';
import { newStoriesLabel, newStoriesReducer } from '../lib/new-stories';
import { useLiveEvent } from './live-provider';

/**
 * 'N new stories' on a listing (home: every story; a section: its own): a button fixed at the top
 * of the window, so it takes no room in the page and nothing the reader looks at moves when it
 * appears. Pressing it asks the page to load the listing again (`onShow`), then takes the reader to
 * the top. It sits first in the main content, so the keyboard reaches it there.
 */
export function NewStoriesButton({
  knownIds,
  category,
  onShow,
}: {
  /** The ids of the stories the listing shows now. */
  knownIds: readonly (string | number)[];
  category?: string;
  onShow: () => void | Promise<unknown>;
}) {
  const reducer = useMemo(() => newStoriesReducer(category), [category]);
  const knownKey = knownIds.map(String).join(',');
  const known = useMemo(() => new Set(knownKey ? knownKey.split(',') : []), [knownKey]);
  const [state, dispatch] = useReducer(reducer, { known, fresh: [] });
  useEffect(() => {
    if (state.known !== known) dispatch({ type: 'shown', known });
  }, [known, state.known]);
  useLiveEvent('story-published', (e) => dispatch({ type: 'published', article: e.article }));
  useLiveEvent('story-removed', (e) => dispatch({ type: 'removed', story: e }));

  const count = state.fresh.length;
  if (count === 0) return null;
  return (
    <button
      type="button"
      className="live-new-button"
      data-testid="new-stories"
      onClick={() => {
        dispatch({ type: 'shown', known: state.known });
        window.scrollTo({ top: 0 });
        document.getElementById(MAIN_CONTENT_ID)?.focus({ preventScroll: true });
        void onShow();
      }}
    >
      {newStoriesLabel(count)}
    </button>
  );
}
