import { UserManager, WebStorageStateStore } from 'oidc-client-ts';
import { buildUserManagerSettings, type AuthConfig } from './auth-settings.ts';

/** The UserManager of the signed-in session, kept in sessionStorage (so it ends with the tab). */
export function createUserManager(config: AuthConfig): UserManager {
  const store = new WebStorageStateStore({ store: window.sessionStorage });
  return new UserManager({
    ...buildUserManagerSettings(config, window.location.origin),
    userStore: store,
    stateStore: new WebStorageStateStore({ store: window.sessionStorage }),
  });
}
