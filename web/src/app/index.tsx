import { AppProvider } from './provider.tsx';
import { AppRouter } from './router.tsx';
import { isXPopupReturn } from '@/features/social/x-return/should-load';

// The X login popup came back to the home page: hand the code to the opener (social code loads only then).
if (typeof window !== 'undefined' && isXPopupReturn())
  void import('@/features/social/x-return/post-to-opener').then((m) => m.postXReturnToOpener());

export function App() {
  return (
    <AppProvider>
      <AppRouter />
    </AppProvider>
  );
}
