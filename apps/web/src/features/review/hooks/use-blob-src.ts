import { useCallback } from 'react';

/**
 * A ref callback that points an img or iframe at a blob through an object URL and revokes the
 * URL when the element goes away or the blob changes, so long documents do not leak memory.
 */
export function useBlobSrc<T extends HTMLImageElement | HTMLIFrameElement>(blob: Blob | undefined) {
  return useCallback(
    (element: T | null) => {
      if (!element || !blob) return;
      const url = URL.createObjectURL(blob);
      element.src = url;
      return () => URL.revokeObjectURL(url);
    },
    [blob],
  );
}
