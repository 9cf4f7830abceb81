import type { ReactNode } from 'react';
import { AppProvider } from './provider.tsx';
import { isXPopupReturn } from '@/features/social/x-return/should-load';

// The X login popup came back to the home page: hand the code to the opener (social code loads only then).
if (typeof window !== 'undefined' && isXPopupReturn())
  void import('@/features/social/x-return/post-to-opener').then((m) => m.postXReturnToOpener());

/** The app around a router: the browser's (main.tsx) or the server's static router (entry-server.tsx). */
export function App({
  children,
  queryClient,
}: {
  children: ReactNode;
  queryClient?: Parameters<typeof AppProvider>[0]['client'];
}) {
  return <AppProvider client={queryClient}>{children}</AppProvider>;
}
