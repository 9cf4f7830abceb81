import { useId, useState, type FormEvent } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useAdminApi } from '@/lib/admin-api-client';
import { toast } from '@/lib/toast';
import {
  deleteFacebookToken,
  exchangeFacebookToken,
  failureInfo,
  getFacebookToken,
  socialKeys,
} from '../api/social-api.ts';
import { shareDefaultsKey } from '../api/share-defaults.ts';
import { approxDays, daysRemaining } from '../lib/expiry.ts';

export const NOTHING_TO_DELETE = 'Nothing to delete: no long-term token is stored.';

/** Social page, Facebook tab (docs/product.md, Social page, Facebook tab). */
export function FacebookTab({ persona }: { persona: string }) {
  const client = useAdminApi();
  const queryClient = useQueryClient();
  const ids = useId();
  const [token, setToken] = useState('');
  const [message, setMessage] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [detail, setDetail] = useState<string | null>(null);

  const status = useQuery({
    queryKey: socialKeys.facebookToken(persona),
    queryFn: () => getFacebookToken(client, persona),
    retry: false,
  });
  const reload = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: socialKeys.facebookToken(persona) }),
      // The sharing defaults say which accounts are connected.
      queryClient.invalidateQueries({ queryKey: shareDefaultsKey }),
    ]);

  const exchange = useMutation({
    mutationFn: (shortLivedToken: string) => exchangeFacebookToken(client, { shortLivedToken, persona }),
    onSuccess: (data) => {
      setToken('');
      const text =
        data.expiresIn === null || data.expiresIn === undefined
          ? 'Long-term token stored (this page token does not expire)'
          : `Long-term token stored (expires in about ${approxDays(data.expiresIn)} days)`;
      setMessage(text);
      toast({ title: 'Long-term token stored' });
      void reload();
    },
    onError: (err) => {
      const f = failureInfo(err);
      setError(`Exchange failed: ${f.status ?? 'network error'}`);
      setDetail(f.detail || null);
    },
  });

  const remove = useMutation({
    mutationFn: () => deleteFacebookToken(client, persona),
    onSuccess: () => {
      setMessage('Deleted');
      toast({ title: 'Deleted' });
      void reload();
    },
    onError: (err) => {
      const f = failureInfo(err);
      if (f.status === 404) {
        setMessage(NOTHING_TO_DELETE);
        void reload();
        return;
      }
      setError(`Delete failed: ${f.status ?? 'network error'}`);
      setDetail(f.detail || null);
    },
  });

  function onSubmit(e: FormEvent) {
    e.preventDefault();
    setMessage(null);
    setError(null);
    setDetail(null);
    const value = token.trim();
    if (!value) {
      setError('Enter a short-term token');
      return;
    }
    exchange.mutate(value);
  }

  const days = daysRemaining(status.data?.expiresAtUtc);
  return (
    <div className="social-grid">
      <section className="social-card" aria-labelledby={`${ids}-status`}>
        <h2 id={`${ids}-status`}>Stored long-term token</h2>
        {status.isPending ? (
          <p className="social-muted">Loading…</p>
        ) : status.isError ? (
          <p className="social-error" role="alert">
            {failureInfo(status.error).detail || 'Failed to load Facebook token status'}
          </p>
        ) : (
          <dl className="social-dl">
            <dt>Stored</dt>
            <dd data-testid="fb-token-present">{status.data.tokenPresent ? 'Yes' : 'No'}</dd>
            <dt>Expires</dt>
            <dd data-testid="fb-token-expiry">
              {!status.data.tokenPresent ? '—' : days === null ? 'Does not expire' : `in ${days} days`}
            </dd>
          </dl>
        )}
      </section>
      <section className="social-card" aria-labelledby={`${ids}-exchange`}>
        <h2 id={`${ids}-exchange`}>Exchange</h2>
        <form onSubmit={onSubmit} noValidate>
          <label className="social-label" htmlFor={`${ids}-token`}>
            Paste short-lived page/user token
          </label>
          <input
            id={`${ids}-token`}
            className="social-input"
            type="password"
            autoComplete="off"
            spellCheck={false}
            placeholder="Paste short-lived page/user token"
            value={token}
            onChange={(e) => setToken(e.target.value)}
          />
          <div className="social-actions">
            <button type="submit" className="social-btn social-btn--primary" disabled={exchange.isPending}>
              Exchange &amp; Store
            </button>
            <button
              type="button"
              className="social-btn social-btn--danger"
              disabled={remove.isPending}
              onClick={() => {
                setMessage(null);
                setError(null);
                setDetail(null);
                // Nothing stored: say so, without asking or calling; otherwise ask first.
                if (status.data && !status.data.tokenPresent) {
                  setMessage(NOTHING_TO_DELETE);
                  return;
                }
                if (
                  !window.confirm(
                    'Delete the stored long-term Facebook token? Posting to Facebook stops until a new one is stored.',
                  )
                )
                  return;
                remove.mutate();
              }}
            >
              Delete
            </button>
          </div>
        </form>
        {message ? (
          <p className="social-success" role="status" data-testid="fb-message">
            {message}
          </p>
        ) : null}
        {error ? (
          <div role="alert" data-testid="fb-error">
            <p className="social-error">{error}</p>
            {detail ? <p className="social-muted">{detail}</p> : null}
          </div>
        ) : null}
      </section>
    </div>
  );
}
