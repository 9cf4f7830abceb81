// @vitest-environment happy-dom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AuthProvider, useAuth } from './auth-provider.tsx';

afterEach(cleanup);

/** The UserManager as the provider uses it: a session for subject 'sam-1', and a sign-out that ends it. */
vi.mock('./user-manager.ts', () => {
  const user = {
    expired: false,
    access_token: 'token',
    profile: { sub: 'sam-1', name: 'Sam Editor', preferred_username: 'sam' },
  };
  const events = Object.fromEntries(
    ['UserLoaded', 'UserUnloaded', 'UserSignedOut'].flatMap((e) => [
      [`add${e}`, () => {}],
      [`remove${e}`, () => {}],
    ]),
  );
  return {
    createUserManager: () => ({
      events,
      startSilentRenew: () => {},
      stopSilentRenew: () => {},
      getUser: () => Promise.resolve(user),
      signoutPopup: () => Promise.reject(new Error('Popup closed')),
      removeUser: () => Promise.resolve(),
    }),
  };
});

function Account() {
  const { status, account, signOut } = useAuth();
  return (
    <>
      <p>{status === 'signedIn' ? `${account?.name} (${account?.subject})` : status}</p>
      <button type="button" onClick={() => void signOut()}>
        Sign Out
      </button>
    </>
  );
}

function renderProvider(onSignOut: () => void, onAccount?: (account: { subject: string }) => void) {
  const queryClient = new QueryClient();
  queryClient.setQueryData(['auth', 'config'], {
    provider: 'builtin',
    authority: 'http://idp.test',
    clientId: 'newsroom',
    scope: 'api',
    loginButtonLabel: 'Sign In',
  });
  queryClient.setQueryData(['admin', 'articles'], ['kept until sign-out']);
  render(
    <QueryClientProvider client={queryClient}>
      <AuthProvider onSignOut={onSignOut} onAccount={onAccount}>
        <Account />
      </AuthProvider>
    </QueryClientProvider>,
  );
  return queryClient;
}

describe('the sign-in session', () => {
  it('names the editor by the token’s subject, and Sign Out (even with its popup closed) runs onSignOut', async () => {
    const onSignOut = vi.fn();
    const queryClient = renderProvider(onSignOut);
    await screen.findByText('Sam Editor (sam-1)');
    expect(onSignOut).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: 'Sign Out' }));
    await screen.findByText('signedOut');
    await waitFor(() => expect(onSignOut).toHaveBeenCalledTimes(1));
    expect(queryClient.getQueryData(['admin', 'articles'])).toBeUndefined();
  });

  it('tells onAccount who is signed in before their screens are drawn (a restored session)', async () => {
    const seen: string[] = [];
    const onAccount = vi.fn((account: { subject: string }) => {
      // Not drawn yet as signed in when told.
      seen.push(`${account.subject} while ${screen.queryByText('Sam Editor (sam-1)') ? 'shown' : 'not shown'}`);
    });
    renderProvider(vi.fn(), onAccount);
    await screen.findByText('Sam Editor (sam-1)');
    expect(seen[0]).toBe('sam-1 while not shown');
  });
});
