/** The seeded receipt corpus (till receipts) with ground truth, for tests and the receipt benchmark. */
export {
  generateReceipts,
  receiptDocument,
  writeReceipts,
  type ReceiptCorpusOptions,
  type ReceiptDocument,
  type WrittenReceipts,
} from './generate-receipts.js';
export { type ReceiptGroundTruth, type ReceiptMeta } from './receipt-ground-truth.js';
export { RECEIPT_LAYOUT_IDS } from './receipt-layouts.js';
export {
  RECEIPT_INCONSISTENCY_KINDS,
  type ReceiptInconsistency,
  type ReceiptInconsistencyKind,
  type TaxMode as ReceiptTaxMode,
} from './receipt-model.js';
export { RECEIPT_LOCALES } from './merchants.js';
