import { describe, expect, it } from 'vitest';
import { removePostsLabel } from './remove-posts-label.ts';

describe('removePostsLabel', () => {
  it("names the story's own posts as before when it has no key event posted", () => {
    expect(removePostsLabel(['x'], [])).toBe('Also delete its post on X');
    expect(removePostsLabel(['facebook', 'x'], [])).toBe('Also delete its posts on X and Facebook');
  });

  it("counts the key events' posts with the story's, and says whose they are", () => {
    const posts = [
      { entryId: 4, platform: 'x' as const },
      { entryId: 9, platform: 'facebook' as const },
    ];
    expect(removePostsLabel(['x'], posts)).toBe(
      "Also delete its 3 posts on X and Facebook (the story's and 2 key events')",
    );
    expect(removePostsLabel(['x'], [{ entryId: 4, platform: 'x' }])).toBe(
      "Also delete its 2 posts on X (the story's and a key event's)",
    );
    // One key event posted on both platforms is one key event.
    expect(
      removePostsLabel(
        [],
        [
          { entryId: 4, platform: 'x' },
          { entryId: 4, platform: 'facebook' },
        ],
      ),
    ).toBe("Also delete its 2 posts on X and Facebook (a key event's)");
    expect(removePostsLabel([], [{ entryId: 4, platform: 'facebook' }])).toBe(
      "Also delete its post on Facebook (a key event's)",
    );
  });
});
