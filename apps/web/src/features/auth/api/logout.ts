import { api } from '@/lib/api-client';

/** POST /auth/logout: 204; the server clears the refresh cookie. */
export function logout(): Promise<undefined> {
  return api.post('/auth/logout', {}, undefined, { auth: false });
}
