import { vi } from 'vitest';

/** Gives every blob the same object URL, as jsdom has none. */
export function stubObjectUrls(url = 'blob:preview') {
  Object.assign(URL, { createObjectURL: vi.fn(() => url), revokeObjectURL: vi.fn() });
}

/**
 * Stubs object URLs and records, in order, the file names of the downloads the page starts
 * (clicks on download links), instead of following them.
 */
export function recordDownloads(url?: string): string[] {
  stubObjectUrls(url);
  const downloads: string[] = [];
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
    this: HTMLAnchorElement,
  ) {
    downloads.push(this.download);
  });
  return downloads;
}
