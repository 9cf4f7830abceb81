import { queryOptions } from '@tanstack/react-query';
import { parseAuthConfig, type AuthConfig } from './auth-settings.ts';

export async function fetchAuthConfig(signal?: AbortSignal): Promise<AuthConfig> {
  const res = await fetch('/api/config/auth', { signal, headers: { Accept: 'application/json' } });
  if (!res.ok) throw new Error(`The sign-in configuration could not be loaded (${res.status} ${res.statusText}).`);
  return parseAuthConfig(await res.json());
}

export const authConfigQuery = queryOptions({
  queryKey: ['auth', 'config'],
  queryFn: ({ signal }) => fetchAuthConfig(signal),
  staleTime: Infinity,
  retry: 1,
});
