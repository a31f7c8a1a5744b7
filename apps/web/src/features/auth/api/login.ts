import { type LoginBody, type TokenPair, TokenPairSchema } from '@parser/contracts';

import { api } from '@/lib/api-client';

/** POST /auth/login: 401 'Invalid email or password', 429 when rate-limited. */
export function login(body: LoginBody): Promise<TokenPair> {
  // auth: false, because a 401 here is a wrong password, not an expired token.
  return api.post('/auth/login', body, TokenPairSchema, { auth: false });
}
