import { useId, useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useAdminApi } from '@/lib/admin-api-client';
import type { ShareDefaults } from '../../../../../common/admin-contract.ts';
import { getShareDefaults, putShareDefaults, shareDefaultsKey } from '../api/share-defaults.ts';

type Platform = 'x' | 'facebook';
const NAMES: Record<Platform, string> = { x: 'X', facebook: 'Facebook' };

const toValue = (v: boolean | null) => (v === null ? 'auto' : v ? 'on' : 'off');
const fromValue = (v: string) => (v === 'auto' ? null : v === 'on');

/**
 * Whether a newly published article goes out to X and Facebook unless its own choice says otherwise:
 * on, off, or (the default) on whenever the account is connected.
 */
export function ShareDefaultsControl() {
  const client = useAdminApi();
  const queryClient = useQueryClient();
  const uid = useId();
  const [saved, setSaved] = useState<string | null>(null);
  const q = useQuery({ queryKey: shareDefaultsKey, queryFn: ({ signal }) => getShareDefaults(client, signal) });
  const save = useMutation({
    mutationFn: (body: Partial<Record<Platform, boolean | null>>) => putShareDefaults(client, body),
    onSuccess: (data: ShareDefaults, body) => {
      queryClient.setQueryData(shareDefaultsKey, data);
      const p = Object.keys(body)[0] as Platform;
      setSaved(`Saved: ${NAMES[p]} default is now “${describe(data[p], data.connected?.[p] ?? false)}”.`);
    },
  });

  const describe = (v: boolean | null, connected: boolean) =>
    v === null ? `on when connected (now ${connected ? 'on' : 'off'})` : v ? 'on' : 'off';

  return (
    <section className="social-card social-defaults" aria-labelledby={`${uid}-title`}>
      <h2 id={`${uid}-title`}>Share published articles</h2>
      <p className="social-muted">
        What a newly published article does when its own share choice is left alone. An editor can still change it per
        article.
      </p>
      {q.isError ? (
        <p className="social-error" role="alert">
          {(q.error as Error).message}
        </p>
      ) : !q.data ? (
        <p className="social-muted">Loading…</p>
      ) : (
        <div className="social-defaults__grid">
          {(['x', 'facebook'] as const).map((p) => (
            <div key={p}>
              <label className="social-label" htmlFor={`${uid}-${p}`}>
                Post to {NAMES[p]}
              </label>
              <select
                id={`${uid}-${p}`}
                className="social-input"
                value={toValue(q.data[p])}
                disabled={save.isPending}
                aria-describedby={`${uid}-${p}-state`}
                onChange={(e) => save.mutate({ [p]: fromValue(e.target.value) })}
              >
                <option value="auto">On when connected</option>
                <option value="on">Always on</option>
                <option value="off">Off</option>
              </select>
              <p id={`${uid}-${p}-state`} className="social-muted" data-testid={`default-${p}-connected`}>
                {q.data.connected?.[p] ? `${NAMES[p]} is connected.` : `${NAMES[p]} is not connected.`}
              </p>
            </div>
          ))}
        </div>
      )}
      <p className="social-success" role="status">
        {save.isSuccess ? saved : ''}
      </p>
      {save.isError ? (
        <p className="social-error" role="alert">
          {(save.error as Error).message}
        </p>
      ) : null}
    </section>
  );
}
