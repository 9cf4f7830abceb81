import { useId } from 'react';
import type { BackupStatusData } from '../types.ts';

function formatSize(bytes: number): string {
  const units = ['bytes', 'KB', 'MB', 'GB', 'TB'];
  let v = bytes;
  let i = 0;
  while (v >= 1024 && i < units.length - 1) {
    v /= 1024;
    i++;
  }
  return i === 0 ? `${v} bytes` : `${v.toFixed(v < 10 ? 1 : 0)} ${units[i]}`;
}

const when = (iso: string) => new Date(iso).toLocaleString('en-GB', { dateStyle: 'medium', timeStyle: 'short' });

/**
 * The dashboard's backup line: the last backup's time and size, in red (with role="alert") when
 * the last backup failed or, with a schedule, the last good one is older than twice the interval.
 */
export function BackupStatusPanel({ backup }: { backup: BackupStatusData }) {
  const id = useId();
  const { last, lastSucceeded, intervalHours, alert } = backup;
  const schedule =
    intervalHours > 0
      ? `Scheduled every ${intervalHours} ${intervalHours === 1 ? 'hour' : 'hours'}.`
      : 'Scheduled backups are off (BACKUP_INTERVAL_HOURS).';
  let line: string;
  if (last && !last.succeeded) {
    line = `The last backup failed (${when(last.at)})${last.error ? `: ${last.error}` : '.'}`;
    if (lastSucceeded) line += ` Last good backup: ${when(lastSucceeded.at)}, ${formatSize(lastSucceeded.sizeBytes)}.`;
  } else if (lastSucceeded) {
    line = `Last backup: ${when(lastSucceeded.at)}, ${formatSize(lastSucceeded.sizeBytes)}.`;
    if (alert) line += ` That is more than twice the interval ago.`;
  } else {
    line = 'No backup has been taken yet.';
  }
  return (
    <section className="admin-panel" aria-labelledby={`${id}-title`} data-testid="backup-status">
      <h2 id={`${id}-title`}>Backups</h2>
      <p className={alert ? 'admin-form__error' : undefined} role={alert ? 'alert' : undefined}>
        {line}
      </p>
      <p className="admin-muted">{schedule}</p>
    </section>
  );
}
