import {
  APPEARANCE_STORAGE_KEY,
  DARK_QUERY,
  THEME_ATTRIBUTE,
  themeOf,
  toAppearance,
  type Appearance,
} from '@common/admin-appearance';

/**
 * The editor's appearance choice, kept in this browser's localStorage (decision 050). A browser that
 * refuses storage keeps the choice for this page only.
 */
const listeners = new Set<() => void>();
let unsaved: Appearance | undefined;

function stored(): Appearance {
  try {
    return toAppearance(window.localStorage.getItem(APPEARANCE_STORAGE_KEY));
  } catch {
    return unsaved ?? 'system';
  }
}

export function getAppearance(): Appearance {
  return stored();
}

/** Keeps the choice ('system' removes it) and tells every subscriber. */
export function setAppearance(appearance: Appearance): void {
  try {
    if (appearance === 'system') window.localStorage.removeItem(APPEARANCE_STORAGE_KEY);
    else window.localStorage.setItem(APPEARANCE_STORAGE_KEY, appearance);
  } catch {
    unsaved = appearance;
  }
  for (const listener of listeners) listener();
}

/** Calls `listener` on every change, here or in another tab of this browser. */
export function subscribeAppearance(listener: () => void): () => void {
  listeners.add(listener);
  const onStorage = (event: StorageEvent) => {
    if (event.key === APPEARANCE_STORAGE_KEY || event.key === null) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

/** The system's colour scheme query; null where the browser has none. */
export function darkQuery(): MediaQueryList | null {
  return typeof window.matchMedia === 'function' ? window.matchMedia(DARK_QUERY) : null;
}

/** Sets <html data-admin-theme> to the theme `appearance` gives now. */
export function applyTheme(appearance: Appearance): void {
  document.documentElement.setAttribute(THEME_ATTRIBUTE, themeOf(appearance, darkQuery()?.matches ?? false));
}

/** Leaves the page without a newsroom theme (the public site has none). */
export function clearTheme(): void {
  document.documentElement.removeAttribute(THEME_ATTRIBUTE);
}
