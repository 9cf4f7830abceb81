import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { User, UserManager } from 'oidc-client-ts';
import { authConfigQuery } from './auth-config-query.ts';
import { createTokenGetter } from './access-token.ts';
import { describeSignInError } from './auth-errors.ts';
import type { AuthConfig } from './auth-settings.ts';
import { createUserManager } from './user-manager.ts';

export type AuthStatus = 'loading' | 'signedOut' | 'signingIn' | 'signedIn' | 'error';

export interface SignedInAccount {
  name: string;
  username: string;
  /** The token's `sub`: who the editor is, for what this browser keeps per editor. */
  subject: string;
}

export interface AuthState {
  status: AuthStatus;
  config?: AuthConfig;
  account?: SignedInAccount;
  /** Why the last sign-in attempt failed (popup blocked or closed, provider error). */
  signInError?: string;
  /** Why sign-in is unavailable (status 'error'). */
  error?: string;
  signIn(): Promise<void>;
  signOut(): Promise<void>;
  getAccessToken(): Promise<string>;
  /** Tries to load the sign-in configuration again (status 'error'). */
  retry(): void;
}

const AuthContext = createContext<AuthState | null>(null);

function accountOf(user: User): SignedInAccount {
  const p = user.profile;
  const username = String(p.preferred_username ?? p.email ?? p.upn ?? p.sub ?? '');
  return { name: typeof p.name === 'string' ? p.name : '', username, subject: p.sub };
}

/**
 * The sign-in session of the admin area: one oidc-client-ts UserManager for either authority.
 * `onSignOut` runs when Sign Out ends the local session (to forget what the browser kept for the editor);
 * `onAccount` with the editor's account before the screens are shown for them (signed in, a session
 * restored or renewed), so what the tab kept for another editor can go first.
 */
export function AuthProvider({
  children,
  onSignOut,
  onAccount,
}: {
  children: ReactNode;
  onSignOut?: () => void;
  onAccount?: (account: SignedInAccount) => void;
}) {
  const queryClient = useQueryClient();
  const configQuery = useQuery(authConfigQuery);
  const config = configQuery.data;
  const userManager = useMemo<UserManager | null>(() => (config ? createUserManager(config) : null), [config]);
  const [user, setUserState] = useState<User | null>(null);
  const [restored, setRestored] = useState(false);
  const [signingIn, setSigningIn] = useState(false);
  const [signInError, setSignInError] = useState<string>();
  const getTokenRef = useRef<() => Promise<string>>(() => Promise.reject(new Error('Not signed in')));
  const onAccountRef = useRef(onAccount);
  onAccountRef.current = onAccount;
  // Told before the user is set, so no screen of theirs reads what the tab kept for another editor.
  const setUser = useCallback((u: User | null) => {
    if (u && !u.expired) onAccountRef.current?.(accountOf(u));
    setUserState(u);
  }, []);

  useEffect(() => {
    if (!userManager) return;
    getTokenRef.current = createTokenGetter(userManager);
    // Started by the constructor (automaticSilentRenew); started again after a StrictMode remount.
    userManager.startSilentRenew();
    let cancelled = false;
    const onLoaded = (u: User) => setUser(u);
    const onUnloaded = () => setUser(null);
    userManager.events.addUserLoaded(onLoaded);
    userManager.events.addUserUnloaded(onUnloaded);
    userManager.events.addUserSignedOut(onUnloaded);
    (async () => {
      let u = await userManager.getUser().catch(() => null);
      if (u?.expired) {
        // The session is in storage but its token ran out while the tab was away: renew quietly.
        u = await userManager.signinSilent().catch(async () => {
          await userManager.removeUser().catch(() => {});
          return null;
        });
      }
      if (!cancelled) {
        setUser(u);
        setRestored(true);
      }
    })();
    return () => {
      cancelled = true;
      userManager.events.removeUserLoaded(onLoaded);
      userManager.events.removeUserUnloaded(onUnloaded);
      userManager.events.removeUserSignedOut(onUnloaded);
      userManager.stopSilentRenew();
    };
  }, [userManager, setUser]);

  const signIn = useCallback(async () => {
    if (!userManager) return;
    setSignInError(undefined);
    setSigningIn(true);
    try {
      const u = await userManager.signinPopup({ prompt: 'select_account', popupAbortOnClose: true });
      setUser(u);
    } catch (err) {
      setSignInError(describeSignInError(err));
    } finally {
      setSigningIn(false);
    }
  }, [userManager, setUser]);

  const signOut = useCallback(async () => {
    if (!userManager) return;
    // What the browser kept for the editor goes first: the popup already ends the session it opens on.
    onSignOut?.();
    try {
      await userManager.signoutPopup({ popupAbortOnClose: true });
    } catch {
      // Popup blocked or closed: the local session still ends below.
    } finally {
      await userManager.removeUser().catch(() => {});
      setUser(null);
      queryClient.removeQueries({ queryKey: ['admin'] });
    }
  }, [userManager, queryClient, onSignOut, setUser]);

  const getAccessToken = useCallback(() => getTokenRef.current(), []);
  const { refetch } = configQuery;
  const retry = useCallback(() => void refetch(), [refetch]);

  let status: AuthStatus;
  if (configQuery.isError) status = 'error';
  else if (!config || !restored) status = 'loading';
  else if (signingIn) status = 'signingIn';
  else if (user && !user.expired) status = 'signedIn';
  else status = 'signedOut';

  const value = useMemo<AuthState>(
    () => ({
      status,
      config,
      account: user ? accountOf(user) : undefined,
      signInError,
      error: configQuery.error instanceof Error ? configQuery.error.message : undefined,
      signIn,
      signOut,
      getAccessToken,
      retry,
    }),
    [status, config, user, signInError, configQuery.error, signIn, signOut, getAccessToken, retry],
  );
  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

export function useAuth(): AuthState {
  const ctx = useContext(AuthContext);
  if (!ctx) throw new Error('useAuth must be used inside <AuthProvider>');
  return ctx;
}
