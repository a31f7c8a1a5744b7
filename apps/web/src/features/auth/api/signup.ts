import { type SignupBody, type TokenPair, TokenPairSchema } from '@parser/contracts';

import { api } from '@/lib/api-client';

/** POST /auth/signup: 201 TokenPair; 400/409 with 'Email is already registered' and similar. */
export function signup(body: SignupBody): Promise<TokenPair> {
  return api.post('/auth/signup', body, TokenPairSchema, { auth: false });
}
