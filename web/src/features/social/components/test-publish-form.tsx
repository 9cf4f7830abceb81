import { useId, useState, type FormEvent } from 'react';
import type { SocialPlatformId } from '@common/social';
import { useAdminApi } from '@/lib/admin-api-client';
import { toast } from '@/lib/toast';
import { testPublish } from '../api/social-api.ts';
import { autofillFrom, newestArticle, toPublishRequest, type AutofillArticle } from '../lib/publish-form.ts';

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

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    setSuccess(null);
    setError(null);
    const built = toPublishRequest({ platform, message, persona, link });
    if (!built.ok) {
      setError(built.error);
      return;
    }
    setBusy(true);
    try {
      const outcome = await testPublish(client, built.request);
      if (outcome.ok) {
        setSuccess(outcome.postId);
        toast({ title: 'Test message published', description: `Post id ${outcome.postId}` });
      } else {
        setError(outcome.error);
      }
    } finally {
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
