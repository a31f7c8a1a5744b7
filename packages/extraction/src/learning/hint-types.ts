/** What a reviewed document teaches about its vendor's layout, and the hints those lessons add up to. */
import type { Box } from '../document.js';
import type { DateOrder, DecimalMark } from '../extract/parse.js';

/** Where a value stands: right of its label, under it, or alone at a place on the page. */
export type HintPlace = 'right' | 'below' | 'page';

/**
 * What a confirmed value looked like where it was printed: what a later document must show again
 * at the same place for the place to be read over the engine.
 */
export interface ValueEvidence {
  /** How the value was written (`valueShape`): "A-9" for "RX-1042", "d2" for an amount in cents. */
  shapes: string[];
  /** For a value with no label: the lasting words of its row and the rows just above and below. */
  nearby: string[];
}

/** Where one confirmed value of a field was printed on one document, and how it was written. */
export interface FieldObservation {
  field: string;
  /** The printed label before or above the value; null when the value stands alone. */
  label: string | null;
  place: HintPlace;
  page: number;
  /** The value's box as fractions of the page's width and height. */
  at: Box;
  /** The label's box as fractions of the page, when there is a label. */
  labelAt: Box | null;
  /** For dates written with numbers only: the order of day and month the vendor prints. */
  dateOrder?: DateOrder;
  /** For amounts: the decimal mark the vendor prints. */
  decimalMark?: DecimalMark;
  /** Absent from lessons learned before evidence was kept: such a hint only confirms or fills. */
  evidence?: ValueEvidence;
}

/** The printed header a table column's confirmed values stood under. */
export interface ColumnObservation {
  table: string;
  column: string;
  header: string;
}

/** Everything one reviewed document teaches. */
export interface Lesson {
  fields: FieldObservation[];
  columns: ColumnObservation[];
}

/** An observation confirmed `strength` times (more than it was contradicted). */
export type FieldHint = FieldObservation & { strength: number };
export type ColumnHint = ColumnObservation & { strength: number };

/**
 * A vendor's hints: per field (and per table column), the competing readings, strongest first.
 * The first is the one used; the others wait in case later corrections confirm them instead.
 */
export interface VendorHints {
  fields: Record<string, FieldHint[]>;
  columns: Record<string, ColumnHint[]>;
}

export const NO_HINTS: VendorHints = { fields: {}, columns: {} };
