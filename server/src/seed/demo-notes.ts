import type { Insertable } from 'kysely';
import type { ArticleNoteTable } from '../db/schema.ts';

const MINUTE_MS = 60_000;

/** A demo note: on the demo story with this headline, by an editor of the demo newsroom. */
export interface DemoNote {
  headline: string;
  text: string;
  by: string;
  /** How long before the seed's `now` it was added (after the story was written). */
  minutesAgo: number;
  /** Its replies (decision 061), oldest first, each added after the note. */
  replies?: readonly { text: string; by: string; minutesAgo: number }[];
}

/** A demo note's row, and its replies' rows (their `reply_to` is the note's id once it is stored). */
export interface DemoNoteRows {
  note: Insertable<ArticleNoteTable>;
  replies: Insertable<ArticleNoteTable>[];
}

/**
 * Editors' notes on a few demo stories (decision 058), one with a reply (decision 061), so a first start
 * shows an article's Notes panel and the Dashboard's 'Latest notes'. Their author is the demo content (subject `seed`): no editor who
 * signs in wrote them, so none offers Delete note.
 */
export const DEMO_NOTES: readonly DemoNote[] = [
  {
    headline: 'Cabinet Reshuffle Enters Fourth Day As Ministers Refuse To Stop Playing Musical Chairs',
    text: 'Check the chair count with the lobby desk before 6pm: Downing Street says four, our photographer counted three and a beanbag.',
    by: 'Fenella Grubb',
    minutesAgo: 25,
    replies: [
      { text: 'Lobby desk says four, if the beanbag counts. Asking the whips.', by: 'Priya Scoop', minutesAgo: 15 },
    ],
  },
  {
    headline: 'AI Chatbot Apologises So Much It Is Now Legally Classed As British',
    text: 'Picture rights cleared.',
    by: 'Priya Scoop',
    minutesAgo: 70,
  },
  {
    headline: 'Party Conference Lanyard Sales Outstrip Actual Policies By 40 To 1',
    text: 'The merchandise stand has promised a quote by Thursday.\nHold until then; the headline may change.',
    by: 'Barnaby Quill',
    minutesAgo: 150,
  },
];

/** The demo notes whose story is among `articles` (by headline), as rows dated back from `now`, with their replies. */
export function demoNoteRows(
  articles: ReadonlyArray<{ id: number; headline: string }>,
  now: Date,
  notes: readonly DemoNote[] = DEMO_NOTES,
): DemoNoteRows[] {
  const ids = new Map(articles.map((a) => [a.headline, a.id]));
  const row = (articleId: number, m: { text: string; by: string; minutesAgo: number }) => ({
    article_id: articleId,
    text: m.text,
    created_at: new Date(now.getTime() - m.minutesAgo * MINUTE_MS).toISOString(),
    author_subject: 'seed',
    author_name: m.by,
  });
  return notes.flatMap((n) => {
    const articleId = ids.get(n.headline);
    if (articleId === undefined) return [];
    return [{ note: row(articleId, n), replies: (n.replies ?? []).map((r) => row(articleId, r)) }];
  });
}
