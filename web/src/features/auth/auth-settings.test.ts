import { describe, expect, it } from 'vitest';
import { buildScope, buildUserManagerSettings, parseAuthConfig, DEFAULT_LOGIN_BUTTON_LABEL } from './auth-settings.ts';
import {
  describeSignInError,
  wrongOriginMessage,
  SIGN_IN_UNREACHABLE_MESSAGE,
  isInteractionRequired,
  POPUP_BLOCKED_MESSAGE,
  POPUP_CLOSED_MESSAGE,
} from './auth-errors.ts';

describe('buildScope', () => {
  it('adds the basic profile scopes in front of the API scope', () => {
    expect(buildScope('api://abc/access_as_user')).toBe('openid profile api://abc/access_as_user');
  });
  it('does not repeat scopes the configuration already has', () => {
    expect(buildScope('openid  profile editor')).toBe('openid profile editor');
    expect(buildScope('')).toBe('openid profile');
  });
});

describe('parseAuthConfig', () => {
  it('keeps the values and defaults the button label', () => {
    expect(
      parseAuthConfig({ provider: 'builtin', authority: 'http://x/oidc', clientId: 'admin-web', scope: 'api' }),
    ).toEqual({
      provider: 'builtin',
      authority: 'http://x/oidc',
      clientId: 'admin-web',
      scope: 'api',
      loginButtonLabel: DEFAULT_LOGIN_BUTTON_LABEL,
    });
    expect(
      parseAuthConfig({ provider: 'entra', authority: 'a', clientId: 'c', loginButtonLabel: 'Go' }).loginButtonLabel,
    ).toBe('Go');
  });
  it('refuses a configuration without authority or client id', () => {
    expect(() => parseAuthConfig({ authority: '', clientId: 'x' })).toThrow(/incomplete/);
    expect(() => parseAuthConfig(null)).toThrow(/incomplete/);
  });
});

describe('buildUserManagerSettings', () => {
  it('uses the code flow with popup and silent callback pages on the site origin', () => {
    const s = buildUserManagerSettings(
      {
        provider: 'builtin',
        authority: 'http://127.0.0.1:3000/oidc',
        clientId: 'web',
        scope: 'api:admin',
        loginButtonLabel: 'x',
      },
      'http://127.0.0.1:3000',
    );
    expect(s).toMatchObject({
      authority: 'http://127.0.0.1:3000/oidc',
      client_id: 'web',
      response_type: 'code',
      scope: 'openid profile api:admin',
      popup_redirect_uri: 'http://127.0.0.1:3000/admin/auth/callback',
      popup_post_logout_redirect_uri: 'http://127.0.0.1:3000/admin/auth/callback',
      silent_redirect_uri: 'http://127.0.0.1:3000/admin/auth/silent',
      automaticSilentRenew: true,
    });
  });
});

describe('sign-in errors', () => {
  it('recognises the errors that need interaction', () => {
    expect(isInteractionRequired({ error: 'login_required' })).toBe(true);
    expect(isInteractionRequired({ error: 'interaction_required' })).toBe(true);
    expect(isInteractionRequired({ error: 'consent_required' })).toBe(true);
    expect(isInteractionRequired({ error: 'invalid_grant' })).toBe(false);
    expect(isInteractionRequired(new Error('timeout'))).toBe(false);
    expect(isInteractionRequired(null)).toBe(false);
  });
  it('explains blocked and closed popups', () => {
    expect(describeSignInError(new Error('Attempted to navigate on a disposed window'))).toBe(POPUP_BLOCKED_MESSAGE);
    expect(describeSignInError(new Error('Popup closed by user'))).toBe(POPUP_CLOSED_MESSAGE);
    expect(describeSignInError({ error: 'access_denied', error_description: 'no' })).toBe('Sign-in failed: no');
    expect(describeSignInError(undefined)).toBe('Sign-in failed. Please try again.');
  });

  it('names the address where built-in sign-in works when the page is elsewhere', () => {
    // Without PUBLIC_URL the server points the page at the provider at the page's own address.
    expect(
      wrongOriginMessage({ provider: 'builtin', authority: 'http://10.0.0.5:3000/oidc' }, 'http://10.0.0.5:3000'),
    ).toBeUndefined();
    // With PUBLIC_URL the provider is there only.
    const config = { provider: 'builtin', authority: 'https://news.example/oidc' };
    expect(wrongOriginMessage(config, 'https://news.example')).toBeUndefined();
    expect(wrongOriginMessage({ ...config, provider: 'entra' }, 'http://10.0.0.5:3000')).toBeUndefined();
    const other = wrongOriginMessage(config, 'http://10.0.0.5:3000');
    expect(other?.signInAt).toBe('https://news.example/admin');
    expect(other?.message).toContain('https://news.example');
    expect(other?.message).toContain('PUBLIC_URL');
    expect(describeSignInError(new TypeError('Failed to fetch'))).toBe(SIGN_IN_UNREACHABLE_MESSAGE);
  });
});
