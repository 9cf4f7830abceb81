import type { ShareDefaults } from '@common/admin-contract';

export interface ShareChoice {
  shareToX: boolean;
  shareToFacebook: boolean;
}

const PLATFORMS = [
  { key: 'shareToX', network: 'x', label: 'Post to X', name: 'X' },
  { key: 'shareToFacebook', network: 'facebook', label: 'Post to Facebook', name: 'Facebook' },
] as const;

/**
 * "Post to X" / "Post to Facebook": off by default, and only possible for a key event whose network
 * is connected on the Social page (a hint says why a box is off).
 */
export function ShareToggles({
  idPrefix,
  keyEvent,
  connected,
  value,
  disabled,
  onChange,
}: {
  idPrefix: string;
  keyEvent: boolean;
  connected: ShareDefaults['connected'] | undefined;
  value: ShareChoice;
  disabled?: boolean;
  onChange(next: ShareChoice): void;
}) {
  return (
    <>
      {PLATFORMS.map((p) => {
        const isConnected = connected?.[p.network] === true;
        const off = !keyEvent || !isConnected;
        const hint = !isConnected
          ? `${p.name} is not connected (Social page).`
          : !keyEvent
            ? 'Only a key event is posted.'
            : null;
        const id = `${idPrefix}-${p.network}`;
        return (
          <div key={p.key} className="admin-live-check">
            <input
              id={id}
              type="checkbox"
              checked={!off && value[p.key]}
              disabled={disabled || off}
              aria-describedby={hint ? `${id}-hint` : undefined}
              onChange={(e) => onChange({ ...value, [p.key]: e.target.checked })}
            />
            <label htmlFor={id}>{p.label}</label>
            {hint ? (
              <span id={`${id}-hint`} className="admin-muted admin-live-check__hint">
                {hint}
              </span>
            ) : null}
          </div>
        );
      })}
    </>
  );
}

/** What is sent: a share only for a key event on a connected network. */
export function effectiveShares(
  keyEvent: boolean,
  connected: ShareDefaults['connected'] | undefined,
  value: ShareChoice,
): ShareChoice {
  return {
    shareToX: keyEvent && connected?.x === true && value.shareToX,
    shareToFacebook: keyEvent && connected?.facebook === true && value.shareToFacebook,
  };
}
