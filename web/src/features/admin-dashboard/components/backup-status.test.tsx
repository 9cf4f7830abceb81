// @vitest-environment happy-dom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { BackupStatusPanel } from './backup-status.tsx';

afterEach(cleanup);

describe('BackupStatusPanel', () => {
  it('shows the last backup’s time and size, not as an alert, when it succeeded in time', () => {
    render(
      <BackupStatusPanel
        backup={{
          intervalHours: 24,
          last: { at: '2026-11-27T03:00:00.000Z', succeeded: true, sizeBytes: 3 * 1024 * 1024, error: null },
          lastSucceeded: { at: '2026-11-27T03:00:00.000Z', sizeBytes: 3 * 1024 * 1024 },
          alert: false,
        }}
      />,
    );
    expect(screen.getByText(/Last backup: 27 Nov 2026.*, 3\.0 MB\./)).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.getByText('Scheduled every 24 hours.')).toBeTruthy();
  });

  it('a failed backup is an alert in red, with the reason and the last good one', () => {
    render(
      <BackupStatusPanel
        backup={{
          intervalHours: 6,
          last: { at: '2026-11-27T09:00:00.000Z', succeeded: false, sizeBytes: null, error: 'disk full' },
          lastSucceeded: { at: '2026-11-27T03:00:00.000Z', sizeBytes: 2048 },
          alert: true,
        }}
      />,
    );
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toMatch(
      /^The last backup failed \(27 Nov 2026.*\): disk full Last good backup: .*2\.0 KB\.$/,
    );
    expect(alert.className).toBe('admin-form__error');
  });

  it('no backup yet, and no schedule', () => {
    render(<BackupStatusPanel backup={{ intervalHours: 0, last: null, lastSucceeded: null, alert: false }} />);
    expect(screen.getByText('No backup has been taken yet.')).toBeTruthy();
    expect(screen.getByText('Scheduled backups are off (BACKUP_INTERVAL_HOURS).')).toBeTruthy();
  });
});
