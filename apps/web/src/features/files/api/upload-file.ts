import { type UploadedFile, UploadedFileSchema } from '@parser/contracts';
import { useMutation } from '@tanstack/react-query';

import { api } from '@/lib/api-client';

/**
 * POST /api/files:upload (multipart, part `file`): stores a document and answers its id and page
 * count. 415 for content that is not a supported document, 413 above the size limit.
 */
export function uploadFile(file: File): Promise<UploadedFile> {
  const body = new FormData();
  body.append('file', file);
  return api.post('/api/files:upload', body, UploadedFileSchema);
}

export function useUploadFile() {
  return useMutation({ mutationFn: uploadFile });
}
