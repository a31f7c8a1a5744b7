import type Sharp from 'sharp';

/**
 * Libraries loaded on first use: a digital PDF needs neither an image library nor a Word reader,
 * and loading them would cost every command-line run and engine thread their start-up time.
 */
let sharp: Promise<typeof Sharp> | undefined;
export function loadSharp(): Promise<typeof Sharp> {
  sharp ??= import('sharp').then((module) => module.default);
  return sharp;
}

let mammoth: Promise<typeof import('mammoth')> | undefined;
export function loadMammoth(): Promise<typeof import('mammoth')> {
  mammoth ??= import('mammoth').then((module) => module.default ?? module);
  return mammoth;
}
