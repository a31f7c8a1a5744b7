import type { ChangePasswordBody } from '@parser/contracts';
import { useMutation } from '@tanstack/react-query';

import { api } from '@/lib/api-client';

/** POST /auth/password: 204; 400 'Password is too weak', 401 'Current password is incorrect'. */
export function changePassword(body: ChangePasswordBody): Promise<undefined> {
  return api.post('/auth/password', body);
}

export function useChangePassword() {
  return useMutation({ mutationFn: changePassword });
}
