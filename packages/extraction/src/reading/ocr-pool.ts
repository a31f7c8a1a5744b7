import { inferencePool } from './ppocr/inference-pool.js';

export type { GreyImage } from './ppocr/grey-image.js';
export { ocrModelLoads, ocrModelsPreparedIn, ocrPoolSize } from './ppocr/inference-pool.js';

/**
 * Stops the OCR workers and frees their models (call on shutdown and in test teardown). They are
 * started again by the next OCR call; jobs still running fail.
 */
export async function terminateOcr(): Promise<void> {
  await inferencePool.terminate();
}
