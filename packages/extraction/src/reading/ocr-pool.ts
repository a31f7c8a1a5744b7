import { inferencePool } from './ppocr/inference-pool.js';
import { secondReaderPool } from './second-reader/second-reader-pool.js';

export type { GreyImage } from './ppocr/grey-image.js';
export { ocrModelLoads, ocrModelsPreparedIn, ocrPoolSize } from './ppocr/inference-pool.js';
export { secondReaderStarts } from './second-reader/second-reader-pool.js';

/**
 * Stops the OCR workers and the second reader and frees their models (call on shutdown and in test
 * teardown). They are started again by the next OCR call; jobs still running fail.
 */
export async function terminateOcr(): Promise<void> {
  await Promise.all([inferencePool.terminate(), secondReaderPool.terminate()]);
}
