import { describe, expect, it } from 'vitest';

import {
  CONSISTENT_FIELDS,
  CONSISTENT_LINES,
  invoiceDocument,
  SETTINGS,
  values,
} from '../../../test/agent-documents.js';
import type { AgentDocument } from '../types.js';
import { setValueAt } from '../value-refs.js';

import { followDerived } from './follow-derived.js';
import { runDataEntry } from './index.js';

/** A French invoice whose total was read from the net column: the agent derives the subtotal. */
function derivedFromMisreadTotal() {
  const doc = invoiceDocument(
    values({ ...CONSISTENT_FIELDS, subtotal: null, tax: 5, total: 24.99 }),
  );
  const outcome = runDataEntry(doc, [], SETTINGS);
  return { doc, outcome };
}

/** The document after a person changed `field` to `value` (so the place is theirs). */
function edited(
  doc: AgentDocument,
  current: AgentDocument['values'],
  field: string,
  value: number | null,
) {
  const values = structuredClone(current);
  setValueAt(values, { field }, { value });
  return { ...doc, values, locked: [...doc.locked, { field }] };
}

describe('data entry: derived values follow their sources', () => {
  it('derives the subtotal from total − tax, naming what it came from', () => {
    const { outcome } = derivedFromMisreadTotal();
    expect(outcome.values.fields.subtotal?.value).toBe(19.99);
    expect(outcome.changes.find((c) => c.field === 'subtotal')).toMatchObject({
      derived: true,
      from: [{ field: 'tax' }, { field: 'total' }],
    });
  });

  it('works the subtotal out again when a person corrects the total, and says why', () => {
    const { doc, outcome } = derivedFromMisreadTotal();
    const corrected = edited(doc, outcome.values, 'total', 29.99);
    const followed = followDerived(corrected, outcome.changes, [{ field: 'total' }]);
    expect(followed.values.fields.subtotal?.value).toBe(24.99);
    expect(followed.values.fields.total?.value).toBe(29.99);
    expect(followed.changes).toEqual([
      expect.objectContaining({
        field: 'subtotal',
        old: 19.99,
        new: 24.99,
        derived: true,
        reason: 'Worked out again after Total changed: subtotal + tax = total',
      }),
    ]);
  });

  it('clears the derived subtotal when the values no longer determine it', () => {
    const { doc, outcome } = derivedFromMisreadTotal();
    const noTax = edited(doc, outcome.values, 'tax', null);
    const followed = followDerived(noTax, outcome.changes, [{ field: 'tax' }]);
    expect(followed.values.fields.subtotal?.value).toBeNull();
    expect(followed.changes).toEqual([
      expect.objectContaining({ field: 'subtotal', old: 19.99, new: null }),
    ]);
    expect(followed.changes[0]?.reason).toMatch(/^Cleared: it was derived and Tax changed/);
  });

  it('leaves a derived value a person edited, and one whose sources did not change', () => {
    const { doc, outcome } = derivedFromMisreadTotal();
    expect(followDerived({ ...doc, values: outcome.values }, outcome.changes).changes).toEqual([]);
    const own = edited(doc, outcome.values, 'subtotal', 20);
    const withTotal = edited(own, own.values, 'total', 29.99);
    const followed = followDerived(withTotal, outcome.changes, [{ field: 'total' }]);
    expect(followed.changes).toEqual([]);
    expect(followed.values.fields.subtotal?.value).toBe(20);
  });

  it('sums the lines again for a subtotal derived from them when a line changes', () => {
    const doc = invoiceDocument(values({ ...CONSISTENT_FIELDS, subtotal: null }, CONSISTENT_LINES));
    const outcome = runDataEntry(doc, [], SETTINGS);
    expect(outcome.values.fields.subtotal?.value).toBe(205.49);
    const lines = structuredClone(outcome.values);
    // The clerk corrects line 1 and the total to match: the subtotal follows the lines.
    setValueAt(lines, { table: 'line_items', row: 0, column: 'amount' }, { value: 60 });
    setValueAt(lines, { field: 'total' }, { value: 261.59 });
    const followed = followDerived(
      {
        ...doc,
        values: lines,
        locked: [{ table: 'line_items', row: 0, column: 'amount' }, { field: 'total' }],
      },
      outcome.changes,
      [{ table: 'line_items', row: 0, column: 'amount' }],
    );
    expect(followed.values.fields.subtotal?.value).toBe(220.49);
    expect(followed.changes[0]?.reason).toBe(
      'Worked out again after Line Items changed: the sum of the line amounts',
    );
  });
});
