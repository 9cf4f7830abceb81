/** Error codes of an authorization response that mean "a person has to interact" (OIDC Core 3.1.2.6). */
const INTERACTION_CODES = new Set([
  'interaction_required',
  'login_required',
  'consent_required',
  'account_selection_required',
]);

/** True when a silent sign-in failed in a way only an interactive (popup) sign-in can fix. */
export function isInteractionRequired(err: unknown): boolean {
  if (!err || typeof err !== 'object') return false;
  const code = (err as { error?: unknown }).error;
  return typeof code === 'string' && INTERACTION_CODES.has(code);
}

export const POPUP_BLOCKED_MESSAGE =
  'The sign-in window was blocked by the browser. Allow pop-ups for this site and try again.';
export const POPUP_CLOSED_MESSAGE = 'The sign-in window was closed before signing in finished. Please try again.';

export const SIGN_IN_UNREACHABLE_MESSAGE =
  'The sign-in service could not be reached from this page. Check the connection and try again.';

/**
 * The built-in provider's issuer is one origin (PUBLIC_URL, or http://localhost:PORT): a page
 * opened at another address cannot sign in there. Answers what to tell the editor, or undefined.
 */
export function wrongOriginMessage(
  config: { provider: string; authority: string } | undefined,
  pageOrigin: string,
): { message: string; signInAt: string } | undefined {
  if (!config || config.provider !== 'builtin') return undefined;
  let origin: string;
  try {
    origin = new URL(config.authority).origin;
  } catch {
    return undefined;
  }
  if (origin === pageOrigin) return undefined;
  return {
    message: `Sign-in works at ${origin}, not at this address (${pageOrigin}). Open the newsroom there, or have PUBLIC_URL set to this address.`,
    signInAt: `${origin}/admin`,
  };
}

/** A message an editor can act on, for an error of oidc-client-ts's popup sign-in. */
export function describeSignInError(err: unknown): string {
  const message = err instanceof Error ? err.message : typeof err === 'string' ? err : '';
  if (/disposed window|popup blocked/i.test(message)) return POPUP_BLOCKED_MESSAGE;
  if (/popup closed|window navigation aborted/i.test(message)) return POPUP_CLOSED_MESSAGE;
  if (/failed to fetch|networkerror|load failed|network request failed/i.test(message))
    return SIGN_IN_UNREACHABLE_MESSAGE;
  const description =
    err && typeof err === 'object' ? (err as { error_description?: unknown }).error_description : undefined;
  if (typeof description === 'string' && description) return `Sign-in failed: ${description}`;
  return message ? `Sign-in failed: ${message}` : 'Sign-in failed. Please try again.';
}
