import { type CreateUploadBody, type UploadCreated, UploadCreatedSchema } from '@parser/contracts';
import { useMutation } from '@tanstack/react-query';

import { api } from '@/lib/api-client';

/** POST /api/uploads: one pipeline per file, answered at once; extraction runs in the background. */
export function createUpload(body: CreateUploadBody): Promise<UploadCreated> {
  return api.post('/api/uploads', body, UploadCreatedSchema);
}

export function useCreateUpload() {
  return useMutation({ mutationFn: createUpload });
}
