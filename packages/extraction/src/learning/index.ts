/** Learning from corrections: repeat vendors recognised, and their documents read with what reviewers taught. */
export type {
  ColumnHint,
  ColumnObservation,
  FieldHint,
  FieldObservation,
  HintPlace,
  Lesson,
  ValueEvidence,
  VendorHints,
} from './hint-types.js';
export { NO_HINTS } from './hint-types.js';
export {
  identifyVendor,
  nameKey,
  vendorFieldKey,
  vendorFingerprint,
  type KnownVendor,
  type VendorFingerprint,
} from './vendor-fingerprint.js';
export { lessonFrom, type LessonSchema, type ReviewedValues } from './lesson.js';
export { hintsFrom, teach, MAX_STRENGTH } from './teach.js';
export { applyHints, type HintSchema } from './apply-hints.js';
export { hintExamples } from './prompt-examples.js';
