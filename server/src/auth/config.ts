/**
 * Sign-in configuration (read by server/src/config.ts). Two authorities, one code path:
 * Microsoft Entra ID when all four ENTRA_* variables are set, otherwise the built-in
 * OpenID provider with local editor accounts.
 */
export interface EntraConfig {
  tenantId: string;
  /** The SPA's application (client) id. */
  clientId: string;
  /** Delegated scope the SPA asks for, e.g. api://<api-app-id>/access_as_user. */
  apiScope: string;
  /** Expected `aud` of access tokens (the API's client id, or its api:// URI for v1 tokens). */
  apiAudience: string;
  tokenVersion: 1 | 2;
  /** When true, the token must carry the app role `Editor`. */
  requireEditorRole: boolean;
}

export interface AuthConfig {
  /** null: the built-in provider is used. */
  entra: EntraConfig | null;
  /** Lower-cased usernames / object ids allowed to edit; empty: every signed-in account of the authority. */
  editorAllowlist: string[];
  /** First editor of the built-in provider (created only when no editor exists). */
  adminUsername: string;
  adminPassword: string;
}

export const USERNAME_PATTERN = /^[a-z0-9][a-z0-9._@-]{0,63}$/;
export const MIN_PASSWORD_LENGTH = 10;

const GUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function loadAuthConfig(env: NodeJS.ProcessEnv, problems: string[]): AuthConfig {
  const get = (name: string) => (env[name] ?? '').trim();
  const entraNames = ['ENTRA_TENANT_ID', 'ENTRA_CLIENT_ID', 'ENTRA_API_SCOPE', 'ENTRA_API_AUDIENCE'] as const;
  const present = entraNames.filter((n) => get(n) !== '');
  let entra: EntraConfig | null = null;
  if (present.length > 0 && present.length < entraNames.length) {
    const missing = entraNames.filter((n) => get(n) === '');
    problems.push(
      `Microsoft Entra ID sign-in needs all four ENTRA_* variables; missing: ${missing.join(', ')} (or unset them all to use the built-in sign-in)`,
    );
  } else if (present.length === entraNames.length) {
    const tenantId = get('ENTRA_TENANT_ID');
    if (!GUID.test(tenantId) && !/^[a-z0-9-]+(\.[a-z0-9-]+)+$/i.test(tenantId)) {
      problems.push(`ENTRA_TENANT_ID must be the tenant's id (a GUID) or its domain (got "${tenantId}")`);
    }
    const versionRaw = get('ENTRA_TOKEN_VERSION') || '2';
    if (versionRaw !== '1' && versionRaw !== '2')
      problems.push(`ENTRA_TOKEN_VERSION must be 1 or 2 (got "${versionRaw}")`);
    const roleRaw = get('ENTRA_REQUIRE_EDITOR_ROLE').toLowerCase();
    let requireEditorRole = false;
    if (['1', 'true', 'yes', 'on'].includes(roleRaw)) requireEditorRole = true;
    else if (roleRaw && !['0', 'false', 'no', 'off'].includes(roleRaw)) {
      problems.push(`ENTRA_REQUIRE_EDITOR_ROLE must be true or false (got "${get('ENTRA_REQUIRE_EDITOR_ROLE')}")`);
    }
    entra = {
      tenantId,
      clientId: get('ENTRA_CLIENT_ID'),
      apiScope: get('ENTRA_API_SCOPE'),
      apiAudience: get('ENTRA_API_AUDIENCE'),
      tokenVersion: versionRaw === '1' ? 1 : 2,
      requireEditorRole,
    };
  } else if (get('ENTRA_TOKEN_VERSION') || get('ENTRA_REQUIRE_EDITOR_ROLE')) {
    problems.push(
      'ENTRA_TOKEN_VERSION and ENTRA_REQUIRE_EDITOR_ROLE need the four ENTRA_* variables (ENTRA_TENANT_ID, ENTRA_CLIENT_ID, ENTRA_API_SCOPE, ENTRA_API_AUDIENCE)',
    );
  }

  const editorAllowlist = get('EDITOR_ALLOWLIST')
    .split(',')
    .map((s) => s.trim().toLowerCase())
    .filter(Boolean);

  const adminUsername = get('ADMIN_USERNAME').toLowerCase();
  const adminPassword = env.ADMIN_PASSWORD ?? '';
  if (adminUsername && !USERNAME_PATTERN.test(adminUsername)) {
    problems.push(
      'ADMIN_USERNAME may use letters, digits, dot, underscore, hyphen and @, at most 64 characters, starting with a letter or digit',
    );
  }
  if (adminPassword && adminPassword.length < MIN_PASSWORD_LENGTH) {
    problems.push(`ADMIN_PASSWORD must be at least ${MIN_PASSWORD_LENGTH} characters`);
  }
  if (adminPassword.length > 200) problems.push('ADMIN_PASSWORD must be at most 200 characters');
  return { entra, editorAllowlist, adminUsername, adminPassword };
}
