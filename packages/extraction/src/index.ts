export type * from './document.js';
export {
  extractBySchema,
  extractWithSignals,
  type ExtractionWithSignals,
  type ValueSignals,
  calibrationGroupOf,
  calibrationGroupsOf,
  calibrationKindOf,
  suggestSchema,
  classifyDocument,
  parseDate,
  parseAmount,
  parseBoolean,
  findDates,
  findAmounts,
  detectCurrency,
  detectCurrencyIn,
  toKey,
  inferType,
  type ExtractionSchema,
  type SuggestedSchema,
  type ClassifierType,
  type Classification,
  type TypeMatch,
  type DateOrder,
} from './extract/index.js';
export * from './reading/index.js';
export * from './agents/index.js';
export * from './einvoice/index.js';
export * from './learning/index.js';
export * from './isolation/engine-stopped-error.js';
export * from './isolation/engine-pool.js';
export {
  ENGINE_TASKS,
  type EngineTaskName,
  type EngineTasks,
  suggestFromExample,
} from './isolation/engine-tasks.js';
