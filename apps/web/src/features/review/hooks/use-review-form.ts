import type { ReviewRecord } from '@parser/contracts';
import { useState } from 'react';

import { type FormRow, type FormValues, initialFormValues, newRowId } from '../utils/review-values';

interface FormState {
  /** The record version the values were loaded from; a save sends it back. */
  version: number;
  values: FormValues;
  notes: string;
  /** The reviewer changed something since the values were loaded. */
  dirty: boolean;
}

const fromRecord = (record: ReviewRecord): FormState => ({
  version: record.version,
  values: initialFormValues(record),
  notes: record.review_notes,
  dirty: false,
});

/** The review screen's editable values and notes, with the version they were loaded from. */
export function useReviewForm(record: ReviewRecord) {
  const [state, setState] = useState(() => fromRecord(record));

  // A newer record (extraction finished, a decision came back) replaces untouched values. Edits
  // are never replaced silently: saving them over a newer version answers a conflict instead.
  if (record.version !== state.version && !state.dirty) {
    setState(fromRecord(record));
  }

  const edit = (change: (values: FormValues) => FormValues) =>
    setState((current) => ({ ...current, values: change(current.values), dirty: true }));

  const editRows = (table: string, change: (rows: FormRow[]) => FormRow[]) =>
    edit((values) => ({
      ...values,
      tables: { ...values.tables, [table]: change(values.tables[table] ?? []) },
    }));

  return {
    values: state.values,
    notes: state.notes,
    version: state.version,
    dirty: state.dirty,
    setField: (key: string, text: string) =>
      edit((values) => ({ ...values, fields: { ...values.fields, [key]: text } })),
    setCell: (table: string, rowId: string, column: string, text: string) =>
      editRows(table, (rows) =>
        rows.map((row) =>
          row.rowId === rowId ? { ...row, cells: { ...row.cells, [column]: text } } : row,
        ),
      ),
    /** A new empty row with the table's columns; answers its row id. */
    addRow: (table: string, columns: string[]) => {
      const rowId = newRowId();
      editRows(table, (rows) => [
        ...rows,
        { rowId, extractedIndex: null, cells: Object.fromEntries(columns.map((c) => [c, ''])) },
      ]);
      return rowId;
    },
    deleteRow: (table: string, rowId: string) =>
      editRows(table, (rows) => rows.filter((row) => row.rowId !== rowId)),
    setNotes: (notes: string) => setState((current) => ({ ...current, notes, dirty: true })),
    /** Take back edits kept as a draft: they are unsaved edits again. */
    restore: (values: FormValues, notes: string) =>
      setState((current) => ({ ...current, values, notes, dirty: true })),
    /** Start over from a record: after a save, or a reload after a conflict. */
    reset: (next: ReviewRecord) => setState(fromRecord(next)),
    /**
     * Keep the edits but take a newer version that only the reviewer's own action produced (a
     * re-extraction leaves reviewed values alone).
     */
    adoptVersion: (from: number, to: number) =>
      setState((current) => (current.version === from ? { ...current, version: to } : current)),
  };
}

export type ReviewForm = ReturnType<typeof useReviewForm>;
