import { useId, useRef, useState, type FormEvent } from 'react';
import type { SocialPlatformId } from '@common/social';
import { useAdminApi } from '@/lib/admin-api-client';
import { toast } from '@/lib/toast';
import { useQuery } from '@tanstack/react-query';
import {
  getFacebookToken,
  getXAccount,
  getXConfig,
  socialKeys,
  testPublish,
  type FacebookTokenStatus,
} from '../api/social-api.ts';
import { autofillFrom, newestArticle, toPublishRequest, type AutofillArticle } from '../lib/publish-form.ts';

/** The page by its name and id, or by its id alone when Facebook did not give the name. */
function facebookPage({ pageId, pageName }: FacebookTokenStatus): string {
  const id = pageId || '(page id not set)';
  return pageName ? `${pageName} (page ${id})` : id;
}

/**
 * Which live account a test post goes out on: the X handle or the Facebook page (the publication's
 * real accounts: a test post is public). X is asked for the account only when a token is stored, as
 * on Social Auth (without one the account request is a 409).
 */
function AccountLine({ platform, persona }: { platform: SocialPlatformId; persona: string }) {
  const client = useAdminApi();
  const xConfig = useQuery({
    queryKey: socialKeys.xConfig(persona),
    queryFn: () => getXConfig(client, persona),
    enabled: platform === 'x',
    retry: false,
  });
  const xConnected = !!xConfig.data?.tokenPresent;
  const x = useQuery({
    queryKey: socialKeys.xAccount(persona),
    queryFn: () => getXAccount(client, persona),
    enabled: platform === 'x' && xConnected,
    retry: false,
  });
  const fb = useQuery({
    queryKey: socialKeys.facebookToken(persona),
    queryFn: () => getFacebookToken(client, persona),
    enabled: platform === 'facebook',
    retry: false,
  });
  let text: string;
  if (platform === 'x') {
    const handle = x.data?.data?.username;
    text =
      xConfig.isPending || (xConnected && x.isPending)
        ? 'Looking up the X account…'
        : handle
          ? `Posts to the live X account @${handle}.`
          : 'No X account is connected: connect one on Social Auth.';
  } else {
    text = fb.isPending
      ? 'Looking up the Facebook page…'
      : fb.data?.tokenPresent
        ? `Posts to the live Facebook page ${facebookPage(fb.data)}.`
        : 'No Facebook page is connected: connect one on Social Auth.';
  }
  return (
    <p className="social-muted" data-testid="publish-account" aria-live="polite">
      {text}
    </p>
  );
}

/** Test publish page (docs/product.md, Test publish): platform, persona, message, optional link. */
export function TestPublishForm({ defaultPersona }: { defaultPersona: string }) {
  const client = useAdminApi();
  const ids = useId();
  const [platform, setPlatform] = useState<SocialPlatformId>('x');
  const [persona, setPersona] = useState(defaultPersona);
  const [message, setMessage] = useState('');
  const [link, setLink] = useState('');
  const [success, setSuccess] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  // One test post per click: a double-click lands before React has disabled the button.
  const sending = useRef(false);

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    if (sending.current) return;
    setSuccess(null);
    setError(null);
    const built = toPublishRequest({ platform, message, persona, link });
    if (!built.ok) {
      setError(built.error);
      return;
    }
    setBusy(true);
    sending.current = true;
    try {
      const outcome = await testPublish(client, built.request);
      if (outcome.ok) {
        setSuccess(outcome.postId);
        toast({ title: 'Test message published', description: `Post id ${outcome.postId}` });
      } else {
        setError(outcome.error);
      }
    } finally {
      sending.current = false;
      setBusy(false);
    }
  }

  async function onAutofill() {
    setError(null);
    setSuccess(null);
    try {
      const res = await fetch('/News?count=1', { headers: { Accept: 'application/json' } });
      if (!res.ok) {
        setError(`Failed: ${res.status}`);
        return;
      }
      const article = newestArticle<AutofillArticle>(await res.json());
      if (!article) {
        setError('No published article to autofill from');
        return;
      }
      const filled = autofillFrom(article, window.location.origin);
      setMessage(filled.message);
      setLink(filled.link);
    } catch (err) {
      setError(err instanceof Error ? err.message : String(err));
    }
  }

  return (
    <form className="social-card social-form" onSubmit={(e) => void onSubmit(e)} noValidate aria-busy={busy}>
      <label className="social-label" htmlFor={`${ids}-platform`}>
        Platform
      </label>
      <select
        id={`${ids}-platform`}
        className="social-input"
        value={platform}
        onChange={(e) => setPlatform(e.target.value as SocialPlatformId)}
      >
        <option value="x">X / Twitter</option>
        <option value="facebook">Facebook</option>
      </select>
      <label className="social-label" htmlFor={`${ids}-persona`}>
        Persona
      </label>
      <input
        id={`${ids}-persona`}
        className="social-input"
        type="text"
        value={persona}
        onChange={(e) => setPersona(e.target.value)}
        autoComplete="off"
      />
      <label className="social-label" htmlFor={`${ids}-message`}>
        Message
      </label>
      <textarea
        id={`${ids}-message`}
        className="social-input social-textarea"
        rows={5}
        value={message}
        onChange={(e) => setMessage(e.target.value)}
      />
      <label className="social-label" htmlFor={`${ids}-link`}>
        Link (optional)
      </label>
      <input
        id={`${ids}-link`}
        className="social-input"
        type="url"
        value={link}
        onChange={(e) => setLink(e.target.value)}
        autoComplete="off"
      />
      <AccountLine platform={platform} persona={defaultPersona} />
      <div className="social-actions">
        <button type="submit" className="social-btn social-btn--primary" disabled={busy}>
          Publish Test Message
        </button>
        <button type="button" className="social-btn" onClick={() => void onAutofill()} disabled={busy}>
          Autofill Message
        </button>
      </div>
      {busy ? (
        <p className="social-muted" role="status">
          Publishing…
        </p>
      ) : null}
      {success ? (
        <p className="social-success" role="status" data-testid="publish-success">
          Published: {success}
        </p>
      ) : null}
      {error ? (
        <p className="social-error" role="alert" data-testid="publish-error">
          {error}
        </p>
      ) : null}
    </form>
  );
}
