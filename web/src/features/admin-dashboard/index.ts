export { useDashboard } from './api/get-dashboard.ts';
export { DashboardCards } from './components/dashboard-cards.tsx';
export type { DashboardData } from './types.ts';
