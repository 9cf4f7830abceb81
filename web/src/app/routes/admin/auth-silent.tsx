import { useEffect } from 'react';
import { completeSilentCallback } from '@/features/auth/callbacks';

/** /admin/auth/silent: hands the silent-renewal response to the parent page (hidden iframe). */
export default function AuthSilentPage() {
  useEffect(() => {
    completeSilentCallback().catch((err) => console.error('Silent sign-in callback failed', err));
  }, []);
  return null;
}
