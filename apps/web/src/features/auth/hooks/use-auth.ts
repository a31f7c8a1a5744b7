import { useContext } from 'react';

import { AuthContext, type AuthContextValue } from '../auth-context';

/** The auth state and actions; must be used under `AuthProvider`. */
export function useAuth(): AuthContextValue {
  const value = useContext(AuthContext);
  if (!value) throw new Error('useAuth must be used within AuthProvider');
  return value;
}
