export { DocumentReadError, isDocumentReadError, type DocumentReadErrorCode } from './errors.js';
export { groupLinesIntoBlocks, groupWordsIntoLines, unionBoxes } from './layout.js';
export { ocrPoolSize, terminateOcr } from './ocr-pool.js';
export { readDocument, type ReadOptions } from './read-document.js';
export { formatFromFileName, sniffFormat } from './sniff-format.js';
