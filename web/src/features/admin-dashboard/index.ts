export { useDashboard } from './api/get-dashboard.ts';
export { DashboardCards } from './components/dashboard-cards.tsx';
export { BackupStatusPanel } from './components/backup-status.tsx';
export { UndescribedPicturesPanel } from './components/undescribed-pictures.tsx';
export { MostReadPanel } from './components/most-read-panel.tsx';
export { PinnedStoriesPanel } from './components/pinned-stories-panel.tsx';
export { LatestNotesPanel, NotesForYouPanel } from './components/latest-notes.tsx';
export type { BackupStatusData, DashboardData } from './types.ts';
