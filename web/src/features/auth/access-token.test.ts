import type { User, UserManager } from 'oidc-client-ts';
import { describe, expect, it, vi } from 'vitest';
import { AdminApiError, NO_ACCESS_TOKEN } from '@/lib/admin-api-client';
import { acquireAccessToken } from './access-token.ts';

const user = (token: string, expired = false) => ({ access_token: token, expired }) as unknown as User;

/** A UserManager holding `stored`, whose silent renewal and popup answer as given. */
function manager(
  stored: User | null,
  silent: () => Promise<User | null>,
  popup: () => Promise<User | null> = async () => user('from-popup'),
) {
  const um = {
    getUser: vi.fn(async () => stored),
    signinSilent: vi.fn(silent),
    signinPopup: vi.fn(popup),
  };
  return { um, userManager: um as unknown as UserManager };
}

const interactionRequired = () =>
  Promise.reject(Object.assign(new Error('login_required'), { error: 'login_required' }));

describe('acquireAccessToken', () => {
  it('gives the stored token while it is valid, asking nothing', async () => {
    const { um, userManager } = manager(user('stored'), async () => user('silent'));
    await expect(acquireAccessToken(userManager)).resolves.toBe('stored');
    expect(um.signinSilent).not.toHaveBeenCalled();
    expect(um.signinPopup).not.toHaveBeenCalled();
  });

  it('renews an expired session silently, and by the popup when a person has to sign in again', async () => {
    const quiet = manager(user('old', true), async () => user('silent'));
    await expect(acquireAccessToken(quiet.userManager)).resolves.toBe('silent');
    expect(quiet.um.signinPopup).not.toHaveBeenCalled();

    const asked = manager(user('old', true), interactionRequired);
    await expect(acquireAccessToken(asked.userManager)).resolves.toBe('from-popup');
    expect(asked.um.signinPopup).toHaveBeenCalledTimes(1);
  });

  it('with no session stored (signed out, or signing out) opens no sign-in window and renews nothing', async () => {
    const { um, userManager } = manager(null, interactionRequired);
    const failed = await acquireAccessToken(userManager).catch((e: unknown) => e);
    expect(failed).toBeInstanceOf(AdminApiError);
    expect((failed as AdminApiError).message).toBe(NO_ACCESS_TOKEN);
    expect(um.signinSilent).not.toHaveBeenCalled();
    expect(um.signinPopup).not.toHaveBeenCalled();
  });
});
