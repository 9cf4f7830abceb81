import { TAGLINE } from '../../../../common/site.ts';

/** Escapes text for HTML element content and double-quoted attribute values. */
export function html(value: unknown): string {
  return String(value ?? '')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

/**
 * Headers for every sign-in page: no caching anywhere, a strict CSP (no inline script or
 * style; forms post only to this origin), and no framing by other sites.
 */
export function pageHeaders(formActionOrigins: string[] = []): Record<string, string> {
  return {
    'content-type': 'text/html; charset=utf-8',
    'cache-control': 'no-store',
    pragma: 'no-cache',
    'content-security-policy': [
      "default-src 'none'",
      "style-src 'self'",
      "font-src 'self'",
      "img-src 'self'",
      `form-action 'self' ${formActionOrigins.join(' ')}`.trim(),
      "frame-ancestors 'self'",
      "base-uri 'none'",
    ].join('; '),
    'x-content-type-options': 'nosniff',
    'referrer-policy': 'no-referrer',
  };
}

/** The shared page shell: red masthead with the site name, one white card. `body` is trusted HTML. */
export function renderPage(opts: { siteName: string; title: string; body: string }): string {
  return `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex, nofollow">
<title>${html(opts.title)} · ${html(opts.siteName)}</title>
<link rel="stylesheet" href="/oidc/assets/login.css">
</head>
<body>
<header class="masthead">
<a class="brand" href="/">${html(opts.siteName)}</a>
<p class="tagline">${html(TAGLINE)}</p>
</header>
<main>
<div class="card">
${opts.body}
</div>
<p class="footer">Editors only. Readers, <a href="/">back to the scandals</a>.</p>
</main>
</body>
</html>`;
}

export interface LoginPageOptions {
  siteName: string;
  uid: string;
  username?: string;
  error?: string;
  /** Shown when another editor may sign in (prompt=select_account with an existing session). */
  signedInAs?: string;
}

export function renderLoginPage(o: LoginPageOptions): string {
  const action = `/oidc/interaction/${encodeURIComponent(o.uid)}`;
  const errorId = 'login-error';
  const describedBy = o.error ? ` aria-describedby="${errorId}" aria-invalid="true"` : '';
  const body = `<h1>Editors' sign-in</h1>
<p class="hint">${o.signedInAs ? `Signed in as <strong>${html(o.signedInAs)}</strong>. Sign in again, or as another editor.` : 'Sign in with your editor account to open the newsroom.'}</p>
${o.error ? `<p class="error" id="${errorId}" role="alert">${html(o.error)}</p>` : ''}
<form method="post" action="${action}/login">
<label for="username">Username</label>
<input type="text" id="username" name="username" autocomplete="username" autocapitalize="none" spellcheck="false" required maxlength="64" value="${html(o.username ?? '')}"${describedBy}${o.username ? '' : ' autofocus'}>
<label for="password">Password</label>
<input type="password" id="password" name="password" autocomplete="current-password" required maxlength="200"${describedBy}${o.username ? ' autofocus' : ''}>
<button class="primary" type="submit">Sign in</button>
</form>
<form method="post" action="${action}/abort">
<button class="link" type="submit">Cancel</button>
</form>`;
  return renderPage({ siteName: o.siteName, title: "Editors' sign-in", body });
}

export function renderMessagePage(o: { siteName: string; title: string; message: string }): string {
  return renderPage({
    siteName: o.siteName,
    title: o.title,
    body: `<h1>${html(o.title)}</h1>\n<p>${html(o.message)}</p>\n<p><a href="/admin">Back to the newsroom</a></p>`,
  });
}
