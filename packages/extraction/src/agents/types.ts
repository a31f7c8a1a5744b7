import type { AgentChange, FieldType, ValueRef } from '@parser/contracts';

import type { ExtractionResult, Page } from '../document.js';

/** A value as the agents read and write it. */
export type AgentValue = string | number | boolean | null;

/** A field of the document type, as the agents see it. */
export interface AgentFieldDef {
  key: string;
  label: string;
  type: FieldType;
  required: boolean;
  /** Other labels the type gives the field. */
  aliases?: string[];
}

export interface AgentColumnDef {
  key: string;
  label: string;
  type: Exclude<FieldType, 'boolean'> | FieldType;
  aliases?: string[];
}

export interface AgentTableDef {
  key: string;
  label: string;
  columns: AgentColumnDef[];
}

/**
 * One document as an agent works on it: the type's definitions, the current values (the
 * reviewer's where a review was saved, with the engine's confidence) and what must stay as it is.
 */
export interface AgentDocument {
  fields: AgentFieldDef[];
  tables: AgentTableDef[];
  values: ExtractionResult;
  /** Values a person reviewed or edited: the agents never change them. */
  locked: ValueRef[];
  /** The document's text, for the day/month order it prints; '' when unknown. */
  text: string;
  /**
   * The reading's pages, when known: how each page was read (OCR or a digital text) and how sure
   * the reader was of each word, so a figure read unsurely can be told from one printed so.
   */
  pages?: readonly AgentPage[];
}

/** A page of the reading as the agents use it: its words with their OCR confidence. */
export type AgentPage = Pick<Page, 'number' | 'method' | 'words'>;

/** A knowledge document of the type, with its text (CSV or prose). */
export interface KnowledgeDocument {
  name: string;
  /** 'csv' for tables of records (vendor master, PO list); 'text' for prose (PDF, plain text). */
  kind: 'csv' | 'text';
  text: string;
}

/** The company's fallbacks, used when the document does not tell. */
export interface AgentSettings {
  usualDateOrder: 'day_first' | 'month_first' | 'year_first' | null;
  usualCurrency: string | null;
  /** Today as YYYY-MM-DD (dates after it are implausible). */
  today: string;
}

export interface DataEntryOutcome {
  values: ExtractionResult;
  changes: AgentChange[];
}
