import type { Page } from '../document.js';
import { PAGE_FONT_FAMILY, registerPageFonts } from './page-fonts.js';
import { encodePreview, type PageImage, previewScale, whiteCanvas } from './preview-canvas.js';

/** Where the baseline sits in a word's box, from its top: caps fit above it, descenders below. */
const BASELINE = 0.8;
const INK = '#1a1a1a';

/**
 * A page of positioned words without a picture of its own (a Word document's synthetic layout)
 * painted as a JPEG `width` pixels wide: white paper and each word in the page font at its box.
 * The words are drawn where their boxes are, so a value's source box highlights exactly the words
 * it was read from; the page shows the text as read, not the original's look.
 */
export async function paintLaidOutPage(page: Page, width: number): Promise<PageImage> {
  registerPageFonts();
  const scale = previewScale(page.width, page.height, width);
  const canvas = whiteCanvas(page.width * scale, page.height * scale);
  const context = canvas.getContext('2d');
  context.fillStyle = INK;
  context.textBaseline = 'alphabetic';
  let font = '';
  for (const word of page.words) {
    const [x0, y0, x1, y1] = word.box;
    // A box's height is the size the layout set the word in.
    const size = (y1 - y0) * scale;
    const wanted = `${size.toFixed(2)}px "${PAGE_FONT_FAMILY}"`;
    if (wanted !== font) context.font = font = wanted;
    // The layout sizes boxes by an average letter width; a word wider in the real font is
    // condensed into its box rather than running over the next word or the highlight's edge.
    const boxWidth = Math.max(1, (x1 - x0) * scale);
    context.fillText(word.text, x0 * scale, y0 * scale + size * BASELINE, boxWidth);
  }
  return encodePreview(canvas);
}
