export { AuditView } from './components/audit-view.tsx';
export type { AuditListParams } from './api/get-audit.ts';
