import type { RotatedRect } from './geometry.js';
import type { GreyImage } from './grey-image.js';

/** The recogniser and the direction classifier read rows scaled to this height. */
export const ROW_HEIGHT = 48;

/**
 * Samples a (possibly slanted) rectangle of the page as an upright row `width` × ROW_HEIGHT pixels
 * and writes it, normalised to -1..1 as the models expect ((x / 255 − 0.5) / 0.5), into three
 * identical channel planes of `out` (each `stride` wide; columns past `width` are left at 0, the
 * models' padding). Where the row shrinks by more than half, each output pixel averages a small
 * grid of samples, so thin strokes are not skipped.
 */
export function writeRow(
  image: GreyImage,
  rect: RotatedRect,
  width: number,
  out: Float32Array,
  offset: number,
  stride: number,
): void {
  const ux = Math.cos(rect.angle);
  const uy = Math.sin(rect.angle);
  const stepAlong = rect.width / width;
  const stepAcross = rect.height / ROW_HEIGHT;
  const samples = Math.max(1, Math.min(4, Math.ceil(Math.max(stepAlong, stepAcross) / 1.5)));
  const plane = ROW_HEIGHT * stride;
  const { data, width: w, height: h } = image;
  const at = (x: number, y: number): number => {
    // bilinear, with the page's edge repeated outside it
    const cx = Math.min(Math.max(x, 0), w - 1);
    const cy = Math.min(Math.max(y, 0), h - 1);
    const x0 = Math.floor(cx);
    const y0 = Math.floor(cy);
    const x1 = Math.min(x0 + 1, w - 1);
    const y1 = Math.min(y0 + 1, h - 1);
    const fx = cx - x0;
    const fy = cy - y0;
    const top = data[y0 * w + x0]! * (1 - fx) + data[y0 * w + x1]! * fx;
    const bottom = data[y1 * w + x0]! * (1 - fx) + data[y1 * w + x1]! * fx;
    return top * (1 - fy) + bottom * fy;
  };
  for (let row = 0; row < ROW_HEIGHT; row++) {
    for (let col = 0; col < width; col++) {
      let sum = 0;
      for (let i = 0; i < samples; i++) {
        const v = (row + (i + 0.5) / samples) * stepAcross - rect.height / 2;
        for (let j = 0; j < samples; j++) {
          const u = (col + (j + 0.5) / samples) * stepAlong - rect.width / 2;
          sum += at(rect.cx + u * ux - v * uy - 0.5, rect.cy + u * uy + v * ux - 0.5);
        }
      }
      const value = sum / (samples * samples) / 127.5 - 1;
      const index = offset + row * stride + col;
      out[index] = value;
      out[index + plane] = value;
      out[index + 2 * plane] = value;
    }
  }
}

/** The row's width at ROW_HEIGHT keeping its proportions, at least 8 px and at most `max`. */
export function rowWidth(rect: RotatedRect, max: number): number {
  const scaled = Math.round((rect.width * ROW_HEIGHT) / Math.max(rect.height, 1));
  return Math.max(8, Math.min(max, scaled));
}
