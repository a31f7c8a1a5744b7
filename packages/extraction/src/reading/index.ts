export { DocumentReadError, isDocumentReadError, type DocumentReadErrorCode } from './errors.js';
export { inspectDocument, type DocumentInfo } from './inspect-document.js';
export { READING_LIMITS } from './limits.js';
export { groupLinesIntoBlocks, groupWordsIntoLines, unionBoxes } from './layout.js';
export {
  ocrModelLoads,
  ocrModelsPreparedIn,
  ocrPoolSize,
  secondReaderStarts,
  terminateOcr,
} from './ocr-pool.js';
export {
  type PackedReading,
  type PageSize,
  packReading,
  readAndPack,
  unpackReading,
} from './packed-reading.js';
export { READER_VERSION, readDocument, type ReadOptions } from './read-document.js';
export {
  MAX_PREVIEW_WIDTH,
  type PageImage,
  PREVIEW_WIDTHS,
  renderedWidthFor,
  renderPageImage,
  scalePreview,
} from './render-page.js';
export { formatFromFileName, sniffFormat } from './sniff-format.js';
