/** Share popups are 600x400. */
export const SHARE_POPUP_SIZE = { width: 600, height: 400 } as const;

export interface WindowGeometry {
  screenX: number;
  screenY: number;
  outerWidth: number;
  outerHeight: number;
}

/** window.open features for a popup of the given size centred over the current window. */
export function popupFeatures(
  geometry: WindowGeometry,
  size: { width: number; height: number } = SHARE_POPUP_SIZE,
): string {
  const left = Math.max(0, Math.round(geometry.screenX + (geometry.outerWidth - size.width) / 2));
  const top = Math.max(0, Math.round(geometry.screenY + (geometry.outerHeight - size.height) / 2));
  return `width=${size.width},height=${size.height},left=${left},top=${top},noopener,noreferrer`;
}

/** Opens a centred 600x400 share popup (no opener, no referrer). */
export function openSharePopup(url: string, name: string): void {
  window.open(url, name, popupFeatures(window));
}
