import { UserManager, WebStorageStateStore } from 'oidc-client-ts';
import { buildUserManagerSettings, type AuthConfig } from './auth-settings.ts';
import { provideDigestOutsideSecureContexts } from './sha256.ts';

/** The UserManager of the signed-in session, kept in sessionStorage (so it ends with the tab). */
export function createUserManager(config: AuthConfig): UserManager {
  // Over plain http at a network address or host name the page has no crypto.subtle; PKCE needs its SHA-256.
  provideDigestOutsideSecureContexts();
  const store = new WebStorageStateStore({ store: window.sessionStorage });
  return new UserManager({
    ...buildUserManagerSettings(config, window.location.origin),
    userStore: store,
    stateStore: new WebStorageStateStore({ store: window.sessionStorage }),
  });
}
