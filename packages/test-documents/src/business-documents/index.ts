/**
 * Business documents other than invoices and receipts (purchase orders, payslips, bank
 * statements, lab reports…) in seven languages, with user-style schemas and ground truth, split
 * into development and check sets that print different label wordings and arrangements.
 */
export {
  businessDocument,
  drawnBusinessDocument,
  generateBusinessDocuments,
  type BusinessCorpusOptions,
  type BusinessDocument,
  type DrawnBusinessDocument,
} from './generate.js';
export {
  ARRANGEMENTS,
  KIND_IDS,
  SPLITS,
  TABLE_RULINGS,
  type Arrangement,
  type BusinessGroundTruth,
  type BusinessSchema,
  type FieldTruth,
  type KindId,
  type SchemaField,
  type SchemaTable,
  type Split,
  type TableRuling,
  type TableTruth,
  type TruthValue,
  type ValueType,
} from './model.js';
export { arrangementsOf, phrasingsOf, rulingsOf, splitOf } from './splits.js';
