import { createContext, useContext } from 'react';
import { AdminErrorScreen } from '@/components/admin/admin-error-screen';
import { AdminApiError } from './admin-api-client.ts';

/**
 * How an admin screen shows a failure: every error of the catalogue (docs/product.md, Error messages) appears on the
 * error screen with Retry (reloads the current view) and Sign Out. The admin shell provides it.
 */
export interface AdminErrorHandling {
  /** Shows the error screen for a failed action (mutations). */
  report(error: unknown): void;
  signOut(): void;
}

export const AdminErrorContext = createContext<AdminErrorHandling | null>(null);

export function useAdminErrors(): AdminErrorHandling {
  const ctx = useContext(AdminErrorContext);
  if (!ctx) throw new Error('useAdminErrors must be used inside the admin area');
  return ctx;
}

export function errorParts(error: unknown): { message: string; details?: string } {
  if (error instanceof AdminApiError) return { message: error.message, details: error.details };
  if (error instanceof Error) return { message: error.message };
  return { message: String(error) };
}

/** The error screen for a failed query; Retry refetches it. */
export function AdminQueryError({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const { signOut } = useAdminErrors();
  const { message, details } = errorParts(error);
  return <AdminErrorScreen message={message} details={details} onRetry={onRetry} onSignOut={signOut} />;
}
