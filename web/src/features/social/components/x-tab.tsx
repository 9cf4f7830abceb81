import { useEffect, useId, useRef, useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { DEFAULT_X_SCOPES } from '@common/social';
import { useAdminApi } from '@/lib/admin-api-client';
import { toast } from '@/lib/toast';
import {
  exchangeXCode,
  failureInfo,
  getXAccount,
  getXConfig,
  socialKeys,
  xExpiry,
  type XTokenResult,
} from '../api/social-api.ts';
import { shareDefaultsKey } from '../api/share-defaults.ts';
import { minutesRemaining } from '../lib/expiry.ts';
import { codeChallengeS256, createCodeVerifier, createState, stateMatches } from '../lib/pkce.ts';
import { buildAuthorizeUrl } from '../lib/x-authorize.ts';
import { openBlankPopup, waitForXReturn } from './x-popup.ts';

const ALL_SCOPES = ['tweet.read', 'tweet.write', 'users.read', 'offline.access', 'like.write', 'media.write'];

/** Social page, X / Twitter tab (docs/product.md, Social page, X tab). */
export function XTab({ persona }: { persona: string }) {
  const client = useAdminApi();
  const queryClient = useQueryClient();
  const ids = useId();
  const [redirectUri, setRedirectUri] = useState(() => `${window.location.origin}/`);
  const [scopes, setScopes] = useState<string[]>([...DEFAULT_X_SCOPES]);
  const [error, setError] = useState<string | null>(null);
  const [errorDetail, setErrorDetail] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<XTokenResult | null>(null);
  const cancelRef = useRef<(() => void) | null>(null);
  useEffect(() => () => cancelRef.current?.(), []);

  const config = useQuery({
    queryKey: socialKeys.xConfig(persona),
    queryFn: () => getXConfig(client, persona),
    retry: false,
  });
  const tokenPresent = !!config.data?.tokenPresent;
  const account = useQuery({
    queryKey: socialKeys.xAccount(persona),
    queryFn: () => getXAccount(client, persona),
    enabled: tokenPresent,
    retry: false,
  });

  const exchange = useMutation({
    mutationFn: (body: { code: string; codeVerifier: string; redirectUri: string }) =>
      exchangeXCode(client, { ...body, persona }),
    onSuccess: (data) => {
      setResult(data);
      toast({ title: 'X token stored', description: `Expires in ${data.expires_in} seconds` });
      void queryClient.invalidateQueries({ queryKey: socialKeys.xConfig(persona) });
      void queryClient.invalidateQueries({ queryKey: socialKeys.xAccount(persona) });
      // The sharing defaults say which accounts are connected.
      void queryClient.invalidateQueries({ queryKey: shareDefaultsKey });
    },
    onError: (err) => {
      setError('Exchange failed');
      setErrorDetail(failureInfo(err).detail || null);
    },
  });

  const clientId = config.data?.config.clientId ?? '';
  const secretPresent = !!config.data?.config.clientSecretPresent;

  async function openPopup() {
    setError(null);
    setErrorDetail(null);
    if (!config.data) return;
    if (!clientId) {
      setError('X client id missing');
      return;
    }
    const popup = openBlankPopup();
    if (!popup) {
      setError('The browser blocked the popup: allow popups for this site and try again.');
      return;
    }
    setBusy(true);
    try {
      const verifier = createCodeVerifier();
      const state = createState();
      const challenge = await codeChallengeS256(verifier);
      const uri = redirectUri.trim();
      popup.location.href = buildAuthorizeUrl({
        authorizeUrl: config.data.config.authorizeUrl,
        clientId,
        redirectUri: uri,
        scopes,
        state,
        codeChallenge: challenge,
      });
      const waiting = waitForXReturn(popup);
      cancelRef.current = waiting.cancel;
      const answer = await waiting.result;
      cancelRef.current = null;
      try {
        popup.close();
      } catch {
        /* already closed */
      }
      if (!answer) return;
      if ('error' in answer) {
        setError(`X authorisation failed: ${answer.error}${answer.description ? ` (${answer.description})` : ''}`);
        return;
      }
      if (!stateMatches(state, answer.state)) {
        setError(
          'X authorisation failed: the returned state does not match the request (possible forged response); nothing was exchanged.',
        );
        return;
      }
      exchange.mutate({ code: answer.code, codeVerifier: verifier, redirectUri: uri });
    } finally {
      setBusy(false);
    }
  }

  const minutes = minutesRemaining(xExpiry(config.data));
  const accountError = account.isError ? failureInfo(account.error) : null;
  const acc = account.data?.data;

  return (
    <div className="social-grid">
      <section className="social-card" aria-labelledby={`${ids}-status`}>
        <h2 id={`${ids}-status`}>Token</h2>
        {config.isPending ? (
          <p className="social-muted">Loading…</p>
        ) : config.isError ? (
          <p className="social-error" role="alert">
            {failureInfo(config.error).detail || 'Failed to load X config'}
          </p>
        ) : (
          <dl className="social-dl">
            <dt>Access token</dt>
            <dd data-testid="x-token-present">{tokenPresent ? 'Present' : 'None'}</dd>
            <dt>Expires</dt>
            <dd data-testid="x-token-expiry">
              {minutes === null ? '—' : minutes === 0 ? 'Expired' : `in ${minutes} minutes`}
            </dd>
          </dl>
        )}
      </section>

      <section className="social-card" aria-labelledby={`${ids}-account`}>
        <div className="social-card__head">
          <h2 id={`${ids}-account`}>Account</h2>
          <button
            type="button"
            className="social-btn"
            onClick={() => void account.refetch()}
            disabled={!tokenPresent || account.isFetching}
          >
            {account.isFetching ? 'Refreshing…' : 'Refresh'}
          </button>
        </div>
        {!tokenPresent ? (
          <p className="social-muted">Authorise X to see the account.</p>
        ) : account.isPending ? (
          <p className="social-muted">Loading…</p>
        ) : accountError ? (
          <div role="alert">
            <p className="social-error">Failed to fetch account info ({accountError.status ?? 'network error'})</p>
            {accountError.detail ? <p className="social-muted">{accountError.detail}</p> : null}
          </div>
        ) : !acc ? (
          <p className="social-error" role="alert">
            No account data (missing users.read scope?)
          </p>
        ) : (
          <div className="social-account" data-testid="x-account">
            {acc.profile_image_url ? (
              <img src={acc.profile_image_url} alt={`Profile picture of @${acc.username}`} width={48} height={48} />
            ) : null}
            <dl className="social-dl">
              <dt>Name</dt>
              <dd>{acc.name}</dd>
              <dt>Username</dt>
              <dd>@{acc.username}</dd>
              <dt>ID</dt>
              <dd>{acc.id}</dd>
            </dl>
          </div>
        )}
      </section>

      <section className="social-card" aria-labelledby={`${ids}-config`}>
        <h2 id={`${ids}-config`}>Config</h2>
        <dl className="social-dl">
          <dt>Client ID</dt>
          <dd data-testid="x-client-id">{clientId || '—'}</dd>
          <dt>Client secret present</dt>
          <dd data-testid="x-secret-present">{config.data ? (secretPresent ? 'Yes' : 'No') : '—'}</dd>
        </dl>
        <label className="social-label" htmlFor={`${ids}-redirect`}>
          Redirect URI
        </label>
        <input
          id={`${ids}-redirect`}
          className="social-input"
          type="url"
          value={redirectUri}
          onChange={(e) => setRedirectUri(e.target.value)}
          autoComplete="off"
        />
        <fieldset className="social-fieldset">
          <legend>Scopes</legend>
          {ALL_SCOPES.map((s) => (
            <label key={s} className="social-check">
              <input
                type="checkbox"
                checked={scopes.includes(s)}
                onChange={(e) => setScopes((cur) => (e.target.checked ? [...cur, s] : cur.filter((x) => x !== s)))}
              />
              {s}
            </label>
          ))}
        </fieldset>
        <button
          type="button"
          className="social-btn social-btn--primary"
          onClick={() => void openPopup()}
          disabled={!config.data || !secretPresent || busy || exchange.isPending}
        >
          Open X Login Popup
        </button>
        {config.data && !secretPresent ? (
          <p className="social-muted">
            The server has no X client secret (X_CLIENT_SECRET), so X cannot be authorised.
          </p>
        ) : null}
        {busy ? (
          <p className="social-muted" role="status">
            Waiting for X…
          </p>
        ) : null}
        {exchange.isPending ? (
          <p className="social-muted" role="status">
            Exchanging the code…
          </p>
        ) : null}
        {error ? (
          <div role="alert" data-testid="x-error">
            <p className="social-error">{error}</p>
            {errorDetail ? <p className="social-muted">{errorDetail}</p> : null}
          </div>
        ) : null}
        <details className="social-raw">
          <summary>Raw config</summary>
          <pre data-testid="x-raw-config">{config.data ? JSON.stringify(config.data, null, 2) : ''}</pre>
        </details>
      </section>

      {result ? (
        <section className="social-card" aria-labelledby={`${ids}-result`} data-testid="x-token-result">
          <h2 id={`${ids}-result`}>Token Result</h2>
          <dl className="social-dl">
            <dt>Access token</dt>
            <dd>{result.access_token}</dd>
            <dt>Refresh token</dt>
            <dd>{result.refresh_token || '—'}</dd>
            <dt>Expires in</dt>
            <dd>{result.expires_in} seconds</dd>
            <dt>Scope</dt>
            <dd>{result.scope}</dd>
          </dl>
        </section>
      ) : null}
    </div>
  );
}
