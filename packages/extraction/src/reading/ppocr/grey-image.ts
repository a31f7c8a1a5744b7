/** An 8-bit greyscale bitmap, one byte per pixel, rows top to bottom. */
export interface GreyImage {
  data: Uint8Array;
  width: number;
  height: number;
}

/** Quarter turns a page can be read in; 90 is a clockwise quarter turn. */
export type Rotation = 0 | 90 | 180 | 270;

/** The bitmap turned clockwise by `rotation` degrees. */
export function rotateGrey(image: GreyImage, rotation: Rotation): GreyImage {
  if (rotation === 0) return image;
  const { data, width, height } = image;
  const out = new Uint8Array(data.length);
  if (rotation === 180) {
    for (let i = 0, j = data.length - 1; i < data.length; i++, j--) out[j] = data[i]!;
    return { data: out, width, height };
  }
  // a quarter turn: the new bitmap is `height` wide and `width` tall
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const nx = rotation === 90 ? height - 1 - y : y;
      const ny = rotation === 90 ? x : width - 1 - x;
      out[ny * height + nx] = data[y * width + x]!;
    }
  }
  return { data: out, width: height, height: width };
}
