import type { LiveBlog, LiveEntry } from '@common/live-contract';

/** A live entry of article 7, posted `minute` minutes after 12:00 UTC on 27 Nov 2026. */
export function entry(id: number, minute: number, text = `Update ${id}`, over: Partial<LiveEntry> = {}): LiveEntry {
  return {
    id,
    articleId: 7,
    body: { type: 'doc', content: [] } as unknown as LiveEntry['body'],
    bodyHtml: `<p>${text}</p>`,
    keyEvent: false,
    postedAt: new Date(Date.UTC(2026, 10, 27, 12, minute)).toISOString(),
    updatedAt: null,
    author: 'Hank Honk',
    ...over,
  };
}

export function blog(entries: LiveEntry[], over: Partial<LiveBlog> = {}): LiveBlog {
  return {
    coverageStartTime: '2026-11-27T11:00:00.000Z',
    coverageEndTime: null,
    entries,
    keyEvents: entries
      .filter((e) => e.keyEvent)
      .map((e) => ({ id: e.id, postedAt: e.postedAt, summary: e.bodyHtml.replace(/<[^>]+>/g, '') })),
    olderBefore: null,
    lastEventId: 100,
    ...over,
  };
}
