import { useEffect, useLayoutEffect, useSyncExternalStore } from 'react';
import { themeOf, type Appearance, type Theme } from '@common/admin-appearance';
import { applyTheme, clearTheme, darkQuery, getAppearance, subscribeAppearance } from './appearance-store.ts';

/** The editor's choice: 'system', 'light' or 'dark'. */
export function useAppearance(): Appearance {
  return useSyncExternalStore(subscribeAppearance, getAppearance, () => 'system');
}

function subscribeSystem(listener: () => void): () => void {
  const query = darkQuery();
  query?.addEventListener('change', listener);
  return () => query?.removeEventListener('change', listener);
}

/** Whether the system prefers dark now (changes as the operating system's setting does). */
function useSystemDark(): boolean {
  return useSyncExternalStore(
    subscribeSystem,
    () => darkQuery()?.matches ?? false,
    () => false,
  );
}

/**
 * The newsroom's theme in force, kept on <html data-admin-theme> while the newsroom is shown: the
 * choice, or with 'system' the operating system's setting, followed as it changes. The shell's inline
 * script set it before the first paint; leaving the newsroom removes it.
 */
export function useNewsroomTheme(): Theme {
  const appearance = useAppearance();
  const theme = themeOf(appearance, useSystemDark());
  useLayoutEffect(() => applyTheme(appearance), [appearance, theme]);
  useEffect(() => clearTheme, []);
  return theme;
}
