import type { Me, TokenPair } from '@parser/contracts';
import { createContext } from 'react';

export type AuthStatus = 'loading' | 'unauthenticated' | 'authenticated';

export interface SignUpInput {
  email: string;
  password: string;
  /** Blank means 'My Company'. */
  companyName?: string;
}

export interface AuthContextValue {
  status: AuthStatus;
  /** The loaded profile; null unless `status` is 'authenticated'. */
  user: Me | null;
  /** Set right after a sign-out: the signed-out catch-all route goes here instead of '/'. */
  redirectTo?: string;
  /** Log in with e-mail and password, then load the profile. */
  signIn: (email: string, password: string) => Promise<Me>;
  /** Create the account, then its company (POST /auth/register). */
  signUp: (input: SignUpInput) => Promise<Me>;
  /** Adopt tokens from a signup/login made elsewhere (the invite flow) without announcing a user yet. */
  startSession: (tokens: TokenPair) => void;
  /** Load /auth/me and announce the user; on failure the user is signed out. */
  reloadProfile: () => Promise<Me | null>;
  /** Announce a profile the caller already has (e.g. the answer of accepting an invite). */
  setUser: (user: Me) => void;
  /** Log out on the server and locally; the app then shows /login. */
  signOut: () => Promise<void>;
}

export const AuthContext = createContext<AuthContextValue | null>(null);
