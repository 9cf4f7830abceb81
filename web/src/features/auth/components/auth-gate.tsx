import type { ReactNode } from 'react';
import { AdminErrorScreen } from '@/components/admin/admin-error-screen';
import { AdminSpinner } from '@/components/admin/admin-spinner';
import { useAuth } from '../auth-provider.tsx';
import { LoginGate } from './login-gate.tsx';

/** Shows the admin area only to a signed-in editor: spinner, login gate, or the error screen. */
export function AuthGate({ children }: { children: ReactNode }) {
  const auth = useAuth();
  switch (auth.status) {
    case 'loading':
      return (
        <main className="admin-center" id="main">
          <AdminSpinner label="Checking sign-in…" />
        </main>
      );
    case 'error':
      return (
        <main className="admin-center" id="main">
          <AdminErrorScreen
            message="Sign-in is not available right now."
            details={auth.error}
            onRetry={auth.retry}
            onSignOut={() => void auth.signOut()}
          />
        </main>
      );
    case 'signedOut':
    case 'signingIn':
      return <LoginGate />;
    default:
      return <>{children}</>;
  }
}
