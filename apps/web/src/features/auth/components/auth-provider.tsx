import type { Me, TokenPair } from '@parser/contracts';
import { notifications } from '@mantine/notifications';
import { useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useCallback, useEffect, useMemo, useState } from 'react';
import { useLocation } from 'react-router';

import {
  clearSession,
  getErrorMessage,
  refreshAccessToken,
  setSession,
  setSessionExpiredHandler,
} from '@/lib/api-client';

import { getMe } from '../api/get-me';
import { login } from '../api/login';
import { logout } from '../api/logout';
import { register } from '../api/register';
import { signup } from '../api/signup';
import {
  AuthContext,
  type AuthContextValue,
  type AuthStatus,
  type SignUpInput,
} from '../auth-context';

interface AuthState {
  status: AuthStatus;
  user: Me | null;
  /** Where the signed-out route table sends its catch-all right after a sign-out. */
  redirectTo?: string;
}

export interface AuthProviderProps {
  children: ReactNode;
  /** Skip the session restore on mount and start from this state (tests only). */
  initialState?: AuthState;
}

/**
 * Owns the session: restores it on page load through the refresh cookie, signs in and out, and
 * signs the user out when the api-client's forced refresh fails. Must be rendered inside the router.
 */
export function AuthProvider({ children, initialState }: AuthProviderProps) {
  const [state, setState] = useState<AuthState>(initialState ?? { status: 'loading', user: null });
  const { pathname } = useLocation();
  const queryClient = useQueryClient();

  const announce = useCallback((user: Me | null, redirectTo?: string) => {
    setState(
      user
        ? { status: 'authenticated', user }
        : { status: 'unauthenticated', user: null, redirectTo },
    );
  }, []);

  // Flipping the auth state unmounts the current screen, so a sign-out cannot navigate by itself
  // afterwards: the signed-out routes redirect to `redirectTo` once, and it is cleared on arrival.
  // (Adjusting state during render, as React documents, rather than in an effect.)
  if (state.redirectTo && pathname === state.redirectTo) {
    setState({ status: state.status, user: state.user });
  }

  // Page load: the access token is only ever in memory, so ask the refresh cookie for a new one.
  useEffect(() => {
    if (initialState) return;
    let cancelled = false;
    refreshAccessToken()
      .then(() => getMe())
      .then(
        (me) => {
          if (!cancelled) announce(me);
        },
        () => {
          if (cancelled) return;
          clearSession();
          announce(null);
        },
      );
    return () => {
      cancelled = true;
    };
  }, [announce, initialState]);

  useEffect(() => {
    setSessionExpiredHandler(() => {
      announce(null, '/login');
      queryClient.clear();
    });
    return () => setSessionExpiredHandler(null);
  }, [announce, queryClient]);

  const reloadProfile = useCallback(async () => {
    try {
      const me = await getMe();
      announce(me);
      return me;
    } catch {
      // Spec section 4: if the profile load fails, the user is set to null.
      clearSession();
      announce(null);
      return null;
    }
  }, [announce]);

  const signIn = useCallback(
    async (email: string, password: string) => {
      const tokens = await login({ email, password });
      setSession(tokens);
      try {
        const me = await getMe();
        announce(me);
        return me;
      } catch (error) {
        clearSession();
        throw error;
      }
    },
    [announce],
  );

  const signUp = useCallback(
    async ({ email, password, companyName }: SignUpInput) => {
      const tokens = await signup({ email, password });
      setSession(tokens);
      try {
        const me = await register({ uid: tokens.uid, email, tenant_name: companyName });
        announce(me);
        return me;
      } catch (error) {
        // The account exists but has no company yet: sign in anyway, so the
        // "Set up your company" screen can retry the registration.
        notifications.show({
          color: 'red',
          title: 'Error',
          message: getErrorMessage(error, 'Registration failed'),
        });
        await reloadProfile();
        throw error;
      }
    },
    [announce, reloadProfile],
  );

  const startSession = useCallback((tokens: TokenPair) => setSession(tokens), []);

  const signOut = useCallback(async () => {
    try {
      await logout();
    } catch {
      // Signing out locally matters more than the server clearing its cookie.
    }
    clearSession();
    announce(null, '/login');
    queryClient.clear();
  }, [announce, queryClient]);

  const value = useMemo<AuthContextValue>(
    () => ({
      status: state.status,
      user: state.user,
      redirectTo: state.redirectTo,
      signIn,
      signUp,
      startSession,
      reloadProfile,
      setUser: (user: Me) => announce(user),
      signOut,
    }),
    [state, signIn, signUp, startSession, reloadProfile, announce, signOut],
  );

  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}
