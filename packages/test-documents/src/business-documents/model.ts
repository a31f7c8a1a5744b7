/**
 * What a generated business document is: the words printed on it (labels with their values, party
 * blocks, a table), the schema a user would type for its kind, and the values that schema should
 * come back with. Printing and ground truth are built in one pass, so they cannot disagree.
 */
import type { Language } from '../corpus/languages.js';

export const KIND_IDS = [
  'purchase_order',
  'delivery_note',
  'bank_statement',
  'payslip',
  'utility_bill',
  'insurance_certificate',
  'lab_report',
  'bill_of_lading',
  'timesheet',
  'expense_report',
  'customs_declaration',
  'contract_cover',
] as const;
export type KindId = (typeof KIND_IDS)[number];

/**
 * Development documents tune the engine; check documents measure it with label phrasings and
 * label–value arrangements the development split never shows for that kind.
 */
export type Split = 'dev' | 'check';
export const SPLITS: readonly Split[] = ['dev', 'check'];

/** How labels and their values sit on the page. */
export const ARRANGEMENTS = ['inline', 'boxes', 'bands', 'right-aligned', 'letter'] as const;
export type Arrangement = (typeof ARRANGEMENTS)[number];

/** How a table is ruled. */
export const TABLE_RULINGS = ['grid', 'header-rule', 'zebra', 'open'] as const;
export type TableRuling = (typeof TABLE_RULINGS)[number];

/** Ways one thing is printed in each language, most common first. */
export type Phrasings = Record<Language, readonly string[]>;

export type ValueType = 'string' | 'number' | 'date' | 'currency' | 'boolean';
export type ColumnValueType = Exclude<ValueType, 'boolean'>;

/** A field as a user types it in the type builder (the shape of the product's field definitions). */
export interface SchemaField {
  key: string;
  label: string;
  type: ValueType;
  required: boolean;
  /** What the user wrote to explain the field; not every user writes one. */
  description?: string;
}

export interface SchemaColumn {
  key: string;
  label: string;
  type: ColumnValueType;
}

export interface SchemaTable {
  key: string;
  label: string;
  columns: SchemaColumn[];
}

export interface BusinessSchema {
  fields: SchemaField[];
  tables: SchemaTable[];
}

/**
 * A value as the ground truth states it: ISO dates (YYYY-MM-DD), numbers and money as plain
 * decimals ("-1234.5"), booleans as "true"/"false", text as printed; null when the page does not
 * answer the field (the engine should leave it empty).
 */
export type TruthValue = string | null;

export interface FieldTruth {
  type: ValueType;
  value: TruthValue;
}

export interface TableTruth {
  /** The column whose cell tells the rows apart (compared exactly). */
  keyColumn: string;
  columns: Record<string, ColumnValueType>;
  rows: Record<string, string>[];
}

// --- what is printed ---------------------------------------------------------------------------

/** A label and the value it announces, as printed. */
export interface PrintedEntry {
  label: string;
  value: string;
}

/** A block of lines under a label: a party's name, then its address. */
export interface PrintedParty {
  label: string;
  lines: string[];
}

export interface PrintedColumn {
  /** Header lines: a long header wraps onto two. */
  header: string[];
  align: 'left' | 'right';
  /** Share of the table's width. */
  weight: number;
}

export type PrintedRow =
  | { kind: 'item'; cells: string[] }
  /** A heading between rows ("Haematology"): not a row of data. */
  | { kind: 'section'; text: string }
  /** Brought or carried forward: a running figure, not a row of data. */
  | { kind: 'carry'; cells: string[] };

export interface PrintedTable {
  columns: PrintedColumn[];
  rows: PrintedRow[];
  /** Label–value lines under the table (sums). */
  totals: PrintedEntry[];
}

export interface PrintedDocument {
  language: Language;
  title: string;
  /** The sender's letterhead: name, then address and contact lines. */
  issuer: string[];
  parties: PrintedParty[];
  entries: PrintedEntry[];
  table: PrintedTable | null;
  /** Small print at the foot of the page. */
  notes: string[];
}

/** One generated document's description, saved beside it. */
export interface BusinessGroundTruth {
  kind: KindId;
  language: Language;
  country: string;
  split: Split;
  arrangement: Arrangement;
  ruling: TableRuling;
  /** Multi-line table headers. */
  wrappedHeaders: boolean;
  scanned: boolean;
  format: 'pdf' | 'jpeg' | 'png';
  pages: number;
  schema: BusinessSchema;
  fields: Record<string, FieldTruth>;
  tables: Record<string, TableTruth>;
  /** The printed labels of values printed as decoys (near neighbours of the schema's fields). */
  distractors: string[];
}
