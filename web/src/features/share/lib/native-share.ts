import type { ShareInput } from './share-links';

/** The part of `navigator` the platform's share sheet (the Web Share API) needs; both are absent in most desktop browsers. */
export interface ShareSheetNavigator {
  share?: (data: ShareData) => Promise<void>;
  canShare?: (data?: ShareData) => boolean;
}

/** What the share sheet is given: the headline, the summary (or the headline) and the article's URL. */
export function shareSheetData({ url, title, description }: ShareInput): ShareData {
  return { title, text: description?.trim() ? description : title, url };
}

/** Whether to offer the share sheet: `share` exists and `canShare` (where there is one) does not refuse the data. */
export function canUseShareSheet(nav: ShareSheetNavigator, data: ShareData): boolean {
  if (typeof nav.share !== 'function') return false;
  try {
    return nav.canShare?.(data) !== false;
  } catch {
    return false;
  }
}

/**
 * Opens the share sheet. A reader cancelling it (AbortError) is no failure; any other failure is only
 * logged, as a failed copy is.
 */
export async function openShareSheet(
  nav: ShareSheetNavigator,
  data: ShareData,
  logError: (message: string, error?: unknown) => void,
): Promise<void> {
  try {
    await nav.share!(data);
  } catch (error) {
    // DOMException is not an Error subclass everywhere: the name decides.
    if (typeof error === 'object' && error !== null && (error as { name?: unknown }).name === 'AbortError') return;
    logError('Share sheet failed', error);
  }
}
