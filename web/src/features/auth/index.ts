export { AuthProvider, useAuth, type AuthState, type SignedInAccount } from './auth-provider.tsx';
export { AuthGate } from './components/auth-gate.tsx';
export { completePopupCallback, completeSilentCallback } from './callbacks.ts';
