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
 * The built-in provider answers at the page's own address when the server has no PUBLIC_URL (the
 * authority then is this origin and there is nothing to say). With PUBLIC_URL it answers only
 * there: a page opened at another address that reaches the server cannot sign in, and the
 * editor is told where it works. Answers what to tell the editor, or undefined.
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
    message: `Sign-in works only at ${origin}, the address this site is set up for (PUBLIC_URL), not at this address (${pageOrigin}). Open the newsroom there.`,
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
