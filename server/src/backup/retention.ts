/**
 * Which backups to keep: the newest backup of each of the `keepDaily` most recent days that have
 * one, and the newest of each of the `keepWeekly` most recent weeks (Monday to Sunday, UTC) that
 * have one. A backup may count for both; every other one is removed.
 */
export interface DatedBackup {
  name: string;
  at: Date;
}

const dayKey = (d: Date) => d.toISOString().slice(0, 10);

/** The Monday (UTC) of the week a time falls in. */
function weekKey(d: Date): string {
  const day = (d.getUTCDay() + 6) % 7; // Monday 0 … Sunday 6
  return dayKey(new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate() - day)));
}

function newestPerPeriod(sorted: DatedBackup[], key: (d: Date) => string, periods: number): string[] {
  const kept: string[] = [];
  const seen = new Set<string>();
  for (const b of sorted) {
    if (seen.size >= periods) break;
    const k = key(b.at);
    if (seen.has(k)) continue;
    seen.add(k);
    kept.push(b.name);
  }
  return kept;
}

export function backupsToKeep(backups: DatedBackup[], keepDaily: number, keepWeekly: number): Set<string> {
  const sorted = [...backups].sort((a, b) => b.at.getTime() - a.at.getTime() || b.name.localeCompare(a.name));
  return new Set([...newestPerPeriod(sorted, dayKey, keepDaily), ...newestPerPeriod(sorted, weekKey, keepWeekly)]);
}
