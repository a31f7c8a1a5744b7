/**
 * A rectangle at any angle: its centre, its side along `angle` (width) and across it (height). The
 * angle (radians) is kept within ±45°, so a row of text on an upright page has width > height and
 * one on a page turned a quarter has height > width.
 */
export interface RotatedRect {
  cx: number;
  cy: number;
  width: number;
  height: number;
  angle: number;
}

type Point = [number, number];

const cross = (o: Point, a: Point, b: Point) =>
  (a[0] - o[0]) * (b[1] - o[1]) - (a[1] - o[1]) * (b[0] - o[0]);

/** Convex hull by Andrew's monotone chain, counter-clockwise, without repeated points. */
export function convexHull(points: readonly Point[]): Point[] {
  const sorted = [...points].sort((a, b) => a[0] - b[0] || a[1] - b[1]);
  if (sorted.length < 3) return sorted;
  const lower: Point[] = [];
  for (const p of sorted) {
    while (lower.length >= 2 && cross(lower[lower.length - 2]!, lower[lower.length - 1]!, p) <= 0)
      lower.pop();
    lower.push(p);
  }
  const upper: Point[] = [];
  for (let i = sorted.length - 1; i >= 0; i--) {
    const p = sorted[i]!;
    while (upper.length >= 2 && cross(upper[upper.length - 2]!, upper[upper.length - 1]!, p) <= 0)
      upper.pop();
    upper.push(p);
  }
  lower.pop();
  upper.pop();
  return lower.concat(upper);
}

/**
 * The smallest rectangle holding a convex polygon: one of its sides lies on a side of the hull
 * (rotating calipers), so trying each hull side's direction finds it.
 */
export function minAreaRect(hull: readonly Point[]): RotatedRect {
  if (hull.length === 0) return { cx: 0, cy: 0, width: 0, height: 0, angle: 0 };
  let best: RotatedRect | null = null;
  let bestArea = Infinity;
  for (let i = 0; i < hull.length; i++) {
    const a = hull[i]!;
    const b = hull[(i + 1) % hull.length]!;
    const length = Math.hypot(b[0] - a[0], b[1] - a[1]);
    const ux = length ? (b[0] - a[0]) / length : 1;
    const uy = length ? (b[1] - a[1]) / length : 0;
    let minU = Infinity;
    let maxU = -Infinity;
    let minV = Infinity;
    let maxV = -Infinity;
    for (const p of hull) {
      const u = p[0] * ux + p[1] * uy;
      const v = -p[0] * uy + p[1] * ux;
      if (u < minU) minU = u;
      if (u > maxU) maxU = u;
      if (v < minV) minV = v;
      if (v > maxV) maxV = v;
    }
    const area = (maxU - minU) * (maxV - minV);
    if (area < bestArea) {
      bestArea = area;
      const mu = (minU + maxU) / 2;
      const mv = (minV + maxV) / 2;
      best = {
        cx: mu * ux - mv * uy,
        cy: mu * uy + mv * ux,
        width: maxU - minU,
        height: maxV - minV,
        angle: Math.atan2(uy, ux),
      };
    }
  }
  return normaliseAngle(best!);
}

/** The same rectangle described with its angle within ±45° (turning by quarters swaps the sides). */
export function normaliseAngle(rect: RotatedRect): RotatedRect {
  let { width, height, angle } = rect;
  const quarter = Math.PI / 2;
  while (angle > quarter / 2) {
    angle -= quarter;
    [width, height] = [height, width];
  }
  while (angle <= -quarter / 2) {
    angle += quarter;
    [width, height] = [height, width];
  }
  return { ...rect, width, height, angle };
}

/**
 * Grows a rectangle on every side by area × ratio / perimeter: the detector is trained on text
 * regions shrunk by that offset, so growing its regions by it recovers the printed text's extent.
 */
export function unclip(rect: RotatedRect, ratio: number): RotatedRect {
  const perimeter = 2 * (rect.width + rect.height);
  const distance = perimeter > 0 ? (rect.width * rect.height * ratio) / perimeter : 0;
  return { ...rect, width: rect.width + 2 * distance, height: rect.height + 2 * distance };
}

/** The axis-aligned bounds [x0, y0, x1, y1] of the part of a rectangle between fractions s0..s1 of its width. */
export function spanBounds(
  rect: RotatedRect,
  s0: number,
  s1: number,
): [number, number, number, number] {
  const ux = Math.cos(rect.angle);
  const uy = Math.sin(rect.angle);
  const hx = (-uy * rect.height) / 2;
  const hy = (ux * rect.height) / 2;
  const xs: number[] = [];
  const ys: number[] = [];
  for (const s of [s0, s1]) {
    const along = (s - 0.5) * rect.width;
    const x = rect.cx + ux * along;
    const y = rect.cy + uy * along;
    xs.push(x + hx, x - hx);
    ys.push(y + hy, y - hy);
  }
  return [Math.min(...xs), Math.min(...ys), Math.max(...xs), Math.max(...ys)];
}
