import type { SharePlatform } from '../../../../../common/admin-contract.ts';
import { PLATFORM_NAMES } from '@/lib/share-posts';

const ORDER: SharePlatform[] = ['x', 'facebook'];

/**
 * The label of the box that deletes a story's posts with it: its own posts ('Also delete its post on
 * X', 'its posts on X and Facebook'); with its live key events' posts, how many in all and whose
 * ('Also delete its 3 posts on X and Facebook (the story's and 2 key events')').
 */
export function removePostsLabel(own: SharePlatform[], entryPosts: { entryId: number; platform: SharePlatform }[]) {
  const platforms = new Set([...own, ...entryPosts.map((p) => p.platform)]);
  const names = ORDER.filter((p) => platforms.has(p))
    .map((p) => PLATFORM_NAMES[p])
    .join(' and ');
  if (entryPosts.length === 0) return `Also delete its ${own.length > 1 ? 'posts' : 'post'} on ${names}`;
  const total = own.length + entryPosts.length;
  const events = new Set(entryPosts.map((p) => p.entryId)).size;
  const eventsOf = events === 1 ? "a key event's" : `${events} key events'`;
  const whose = own.length > 0 ? `the story's and ${eventsOf}` : eventsOf;
  return `Also delete its ${total === 1 ? 'post' : `${total} posts`} on ${names} (${whose})`;
}
