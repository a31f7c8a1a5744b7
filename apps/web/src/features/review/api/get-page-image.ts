import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';

import { fetchBlob } from '@/lib/fetch-blob';

/** GET /api/files/:fileId/pages/:n/image?width=W: page n (1-based) as a PNG W pixels wide. */
export function getPageImage(
  fileId: string,
  page: number,
  width: number,
  signal?: AbortSignal,
): Promise<Blob> {
  return fetchBlob(
    `/api/files/${encodeURIComponent(fileId)}/pages/${page}/image?width=${width}`,
    signal,
  );
}

export const pageImageQueryOptions = (fileId: string, page: number, width: number) =>
  queryOptions({
    queryKey: ['files', fileId, 'pages', page, width],
    queryFn: ({ signal }) => getPageImage(fileId, page, width, signal),
    // A stored file never changes: a rendered page stays valid.
    staleTime: Infinity,
  });

/** The page image once `enabled` (the page scrolled into view). */
export function usePageImage(fileId: string, page: number, width: number, enabled: boolean) {
  // After a zoom the page keeps showing at the old sharpness until the new width arrives.
  return useQuery({
    ...pageImageQueryOptions(fileId, page, width),
    enabled,
    placeholderData: keepPreviousData,
  });
}
