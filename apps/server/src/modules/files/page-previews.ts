/**
 * Where a rendered page preview is kept: beside its file's blob, by page and width, so a page is
 * rendered once per width and served from storage after. A preview lives as long as its file:
 * blob clean-up keeps it while the file's row exists and removes it once the file is gone.
 */
export const previewStorageKey = (
  tenantId: string,
  fileId: string,
  page: number,
  width: number,
): string => `${tenantId}/previews/${fileId}/p${page}-w${width}.jpg`;

const PREVIEW_KEY = /^([^/]+)\/previews\/([^/]+)\/p\d+-w\d+\.jpg$/;

/** The storage key of the file a preview was rendered from, or undefined for any other key. */
export function previewOwnerKey(key: string): string | undefined {
  const match = PREVIEW_KEY.exec(key);
  // Same shape as fileStorageKey (files.service.ts), which cannot be imported here without a cycle.
  return match ? `${match[1]}/${match[2]}` : undefined;
}
