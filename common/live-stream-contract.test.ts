import { describe, expect, it } from 'vitest';
import { liveStreamUrl } from './live-stream-contract.ts';

describe('liveStreamUrl', () => {
  it('is the stream path, with the live article and the event id the page stands at', () => {
    expect(liveStreamUrl()).toBe('/live/stream');
    expect(liveStreamUrl(42)).toBe('/live/stream?article=42');
    expect(liveStreamUrl(42, 1234)).toBe('/live/stream?article=42&lastEventId=1234');
    expect(liveStreamUrl(undefined, 7)).toBe('/live/stream?lastEventId=7');
    expect(liveStreamUrl(undefined, 0)).toBe('/live/stream');
  });
});
