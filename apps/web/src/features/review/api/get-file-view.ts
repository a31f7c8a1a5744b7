import { queryOptions, useQuery } from '@tanstack/react-query';

import { fetchBlob } from '@/lib/fetch-blob';

/** GET /api/files/:fileId/view: the stored file's bytes. */
export function getFileView(fileId: string, signal?: AbortSignal): Promise<Blob> {
  return fetchBlob(`/api/files/${encodeURIComponent(fileId)}/view`, signal);
}

export const fileViewQueryOptions = (fileId: string) =>
  queryOptions({
    queryKey: ['files', fileId, 'view'],
    queryFn: ({ signal }) => getFileView(fileId, signal),
    staleTime: Infinity,
  });

/** The file's bytes, fetched only once `enabled` (the preview modal opened). */
export function useFileView(fileId: string, enabled: boolean) {
  return useQuery({ ...fileViewQueryOptions(fileId), enabled });
}
