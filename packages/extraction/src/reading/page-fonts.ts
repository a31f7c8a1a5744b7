import { createRequire } from 'node:module';
import path from 'node:path';

import { GlobalFonts } from '@napi-rs/canvas';

/** The family laid-out pages are painted in: Liberation Sans, metric-compatible with Arial. */
export const PAGE_FONT_FAMILY = 'Liberation Sans';

const require = createRequire(import.meta.url);
let registered = false;

/**
 * Registers the page font with the canvas once per thread. The faces come from pdfjs-dist's bundled
 * standard fonts (a dependency already), so painting never depends on the host's fonts or on a
 * download: a server without any fonts installed paints the same pages.
 */
export function registerPageFonts(): void {
  if (registered) return;
  const fonts = path.join(
    path.dirname(require.resolve('pdfjs-dist/package.json')),
    'standard_fonts',
  );
  for (const face of ['LiberationSans-Regular.ttf', 'LiberationSans-Bold.ttf']) {
    if (!GlobalFonts.registerFromPath(path.join(fonts, face), PAGE_FONT_FAMILY)) {
      // An installation fault, not a fault of the document: not a DocumentReadError.
      throw new Error(`The page font ${face} is missing from pdfjs-dist/standard_fonts`);
    }
  }
  registered = true;
}
