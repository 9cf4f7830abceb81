import { useEffect } from 'react';
import { completePopupCallback } from '@/features/auth/callbacks';

/** /admin/auth/callback: hands the sign-in/sign-out response to the opener; no admin shell. */
export default function AuthCallbackPage() {
  useEffect(() => {
    completePopupCallback().catch((err) => console.error('Sign-in callback failed', err));
  }, []);
  return <p style={{ font: '16px system-ui, sans-serif', padding: 16 }}>Completing sign-in…</p>;
}
