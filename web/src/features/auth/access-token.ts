import type { User, UserManager } from 'oidc-client-ts';
import { AdminApiError, NO_ACCESS_TOKEN } from '@/lib/admin-api-client';
import { describeSignInError, isInteractionRequired } from './auth-errors.ts';

function usable(user: User | null): user is User {
  return !!user && !user.expired && !!user.access_token;
}

/**
 * An access token for the API scope (docs/product.md, The API): the stored one while it is valid,
 * otherwise a silent renewal (hidden iframe, or refresh token when there is one); when that
 * fails because a person has to interact, a popup sign-in. No token at all:
 * 'No access token available'.
 *
 * Only an editor signed in in this tab is renewed. With no session stored (signed out, or signing out:
 * Sign Out removes the session before its popup opens) a request still running gets 'No access token
 * available' and no sign-in window opens by itself: one did, right after Sign Out, when a request of the
 * screen being left asked for a token at that moment.
 */
export async function acquireAccessToken(userManager: UserManager): Promise<string> {
  const stored = await userManager.getUser();
  if (usable(stored)) return stored.access_token;
  if (!stored) throw new AdminApiError(NO_ACCESS_TOKEN);
  let user: User | null = null;
  try {
    user = await userManager.signinSilent();
  } catch (silentError) {
    if (!isInteractionRequired(silentError)) {
      throw new AdminApiError(NO_ACCESS_TOKEN, describeSignInError(silentError));
    }
    try {
      user = await userManager.signinPopup({ popupAbortOnClose: true });
    } catch (popupError) {
      throw new AdminApiError(NO_ACCESS_TOKEN, describeSignInError(popupError));
    }
  }
  if (usable(user)) return user.access_token;
  throw new AdminApiError(NO_ACCESS_TOKEN);
}

/** Shares one token request between callers that ask at the same time (several queries at once). */
export function createTokenGetter(userManager: UserManager): () => Promise<string> {
  let inFlight: Promise<string> | null = null;
  return () => {
    inFlight ??= acquireAccessToken(userManager).finally(() => {
      inFlight = null;
    });
    return inFlight;
  };
}
