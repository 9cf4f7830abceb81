/** The newsroom's way of wording a time, shared with the other admin screens (web/src/lib/admin-date.ts). */
export { formatAdminDate } from '@/lib/admin-date';
