import type { UseMutationResult } from '@tanstack/react-query';
import { useState } from 'react';

/**
 * Sends a create request whose answer (a key, a link) is shown once: the last answer is cleared
 * when a new request starts, kept after success until dismissed, and `onCreated` runs on success.
 */
export function useCreateShownOnce<TBody, TCreated>(
  mutation: UseMutationResult<TCreated, unknown, TBody>,
  onCreated: () => void,
) {
  const [created, setCreated] = useState<TCreated | null>(null);

  const create = (body: TBody) => {
    setCreated(null);
    mutation.mutate(body, {
      onSuccess: (result) => {
        setCreated(result);
        onCreated();
      },
    });
  };

  return { created, create, dismiss: () => setCreated(null) };
}
