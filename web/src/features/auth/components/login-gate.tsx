import { useAuth } from '../auth-provider.tsx';
import { DEFAULT_LOGIN_BUTTON_LABEL } from '../auth-settings.ts';
import { wrongOriginMessage } from '../auth-errors.ts';

/** docs/product.md, Admin login gate: not signed in (and 'Signing in...' while the popup is open). */
export function LoginGate() {
  const { status, config, signIn, signInError } = useAuth();
  const busy = status === 'signingIn';
  const label = config?.loginButtonLabel || DEFAULT_LOGIN_BUTTON_LABEL;
  const elsewhere = wrongOriginMessage(config, window.location.origin);
  return (
    <main className="admin-login" id="main">
      <section className="admin-panel admin-login__card" aria-labelledby="admin-login-title">
        <h1 id="admin-login-title">Admin Login Required</h1>
        <p>Please sign in to access the admin dashboard.</p>
        {elsewhere ? (
          <p className="admin-login__error" role="alert">
            {elsewhere.message} <a href={elsewhere.signInAt}>Sign in at {elsewhere.signInAt}</a>
          </p>
        ) : null}
        {signInError ? (
          <p className="admin-login__error" role="alert">
            {signInError}
          </p>
        ) : null}
        <button
          type="button"
          className="admin-btn admin-btn--primary admin-login__button"
          onClick={() => void signIn()}
          disabled={busy}
          aria-busy={busy}
        >
          {busy ? 'Signing in...' : label}
        </button>
      </section>
    </main>
  );
}
