import { AuthGate, AuthProvider } from '@/features/auth';
import '@/styles/admin.css';
import { AdminShell } from './admin-shell.tsx';

export { preloadScreen } from './admin-shell.tsx';

/** The lazy entry of /admin/*: sign-in gate, then the admin shell with its own routes. */
export default function AdminRoot() {
  return (
    <div className="admin-app">
      <AuthProvider>
        <AuthGate>
          <AdminShell />
        </AuthGate>
      </AuthProvider>
    </div>
  );
}
