import { useEffect, useRef } from 'react';
import { READS_API_PATH } from '@common/most-read-contract';

/**
 * Tells the server that the reader's browser shows the article (decision 049): one beacon, sent with
 * `navigator.sendBeacon`, else `fetch` with `keepalive` (the page may be leaving). A failure is ignored:
 * a read not counted costs the reader nothing.
 */
export function sendRead(articleId: number): void {
  const body = JSON.stringify({ articleId });
  try {
    if (navigator.sendBeacon?.(READS_API_PATH, new Blob([body], { type: 'application/json' }))) return;
  } catch {
    // Some browsers refuse a JSON beacon: fetch below.
  }
  void fetch(READS_API_PATH, {
    method: 'POST',
    body,
    headers: { 'content-type': 'application/json' },
    keepalive: true,
    credentials: 'omit',
  }).catch(() => undefined);
}

/**
 * Sends the article's read once per showing of its page (the component's life: the page keys it by the
 * story): when the page is first loaded and when the reader navigates to it within the site, not when a
 * live blog's page of older entries changes under it. A prefetch shows nothing and sends nothing.
 */
export function useReadBeacon(articleId: number | string | undefined): void {
  const sent = useRef(false);
  useEffect(() => {
    if (typeof articleId !== 'number' || sent.current) return;
    sent.current = true;
    sendRead(articleId);
  }, [articleId]);
}
