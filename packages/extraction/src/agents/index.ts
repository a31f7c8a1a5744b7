/** The agents' rules: data entry and reconciliation, offline and pure (no HTTP, no DB). */
export { followDerived } from './data-entry/follow-derived.js';
export { runDataEntry } from './data-entry/index.js';
export {
  adjustConfidence,
  duplicateKeyOf,
  runReconciliation,
  type DuplicateCandidate,
} from './reconciliation/index.js';
export { refKey } from './value-refs.js';
export type {
  AgentDocument,
  AgentFieldDef,
  AgentSettings,
  AgentTableDef,
  AgentValue,
  DataEntryOutcome,
  KnowledgeDocument,
} from './types.js';
