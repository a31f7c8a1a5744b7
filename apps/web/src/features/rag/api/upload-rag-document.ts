import { RagUploadResultSchema } from '@parser/contracts';
import type { z } from 'zod';

import { useMutationThatInvalidates } from '@/hooks/use-mutation-with-cache';
import { api } from '@/lib/api-client';

import { ragDocumentsQueryOptions } from './get-rag-documents';

export interface RagUploadInput {
  file: File;
  name: string;
  description?: string;
}

export type RagUploadResult = z.infer<typeof RagUploadResultSchema>;

/** POST /api/rag (multipart: file, name, optional description): PDF, CSV, plain text, PNG, JPEG. */
export function uploadRagDocument({
  file,
  name,
  description,
}: RagUploadInput): Promise<RagUploadResult> {
  // Text parts first: a streaming multipart parser sees only the fields sent before the file.
  const body = new FormData();
  body.append('name', name);
  if (description) body.append('description', description);
  body.append('file', file);
  return api.post('/api/rag', body, RagUploadResultSchema);
}

export function useUploadRagDocument() {
  return useMutationThatInvalidates(uploadRagDocument, ragDocumentsQueryOptions().queryKey);
}
