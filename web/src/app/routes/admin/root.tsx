import { Toaster } from '@/components/ui/toaster';
import { useNewsroomTheme } from '@/features/admin-appearance';
import { forgetRecentArticles } from '@/features/admin-search';
import { AuthGate, AuthProvider } from '@/features/auth';
import { keepDraftsFor } from '@/lib/admin-drafts/owner';
import '@/styles/admin.css';
import { AdminShell } from './admin-shell.tsx';

export { preloadScreen } from './admin-shell.tsx';

/** Before an editor's screens are shown, the tab's unsaved work of another editor goes. */
const claimDrafts = ({ subject }: { subject: string }) => keepDraftsFor(subject);

/**
 * The lazy entry of /admin/*: sign-in gate, then the admin shell with its own routes. The toast outlet
 * lives here: only the newsroom shows toasts, so a public page loads neither the toast library nor
 * the stylesheet it inserts when it loads (a restyle of the whole page during hydration; decision 048).
 */
export default function AdminRoot() {
  const theme = useNewsroomTheme();
  return (
    <div className="admin-app">
      <AuthProvider onSignOut={forgetRecentArticles} onAccount={claimDrafts}>
        <AuthGate>
          <AdminShell />
        </AuthGate>
      </AuthProvider>
      <Toaster theme={theme} />
    </div>
  );
}
