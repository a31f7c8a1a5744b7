import { type FileExtractionResponse, FileExtractionResponseSchema } from '@parser/contracts';
import { useMutation } from '@tanstack/react-query';

import { api } from '@/lib/api-client';

/**
 * POST /api/files/:fileId/extract (empty body): the fields and tables the engine suggests for an
 * example document.
 */
export function extractFile(fileId: string): Promise<FileExtractionResponse> {
  return api.post(
    `/api/files/${encodeURIComponent(fileId)}/extract`,
    undefined,
    FileExtractionResponseSchema,
  );
}

export function useExtractFile() {
  return useMutation({ mutationFn: extractFile });
}
