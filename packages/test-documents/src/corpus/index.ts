/** The seeded invoice corpus with ground truth, for tests and the invoice benchmark. */
export { COUNTRIES, type Country, type Party as CorpusParty } from './countries.js';
export {
  corpusDocument,
  generateCorpus,
  writeCorpus,
  type CorpusDocument,
  type CorpusOptions,
  type WrittenCorpus,
} from './generate.js';
export {
  centsText,
  type CorpusMeta,
  type GroundTruthLine,
  type InvoiceGroundTruth,
} from './ground-truth.js';
export {
  formatMoney,
  formatNumber,
  formatNumericDate,
  type DateOrder,
  type NumberStyle,
} from './formats.js';
export {
  INCONSISTENCY_KINDS,
  type Inconsistency,
  type InconsistencyKind,
} from './invoice-model.js';
export { LANGUAGE_PACKS, LANGUAGES, type Language } from './languages.js';
export { LAYOUT_IDS } from './layouts.js';
export { seededRandom, type Random } from './random.js';
