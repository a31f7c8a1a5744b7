import type { Classification, TypeMatch } from '@parser/extraction';
import { describe, expect, it } from 'vitest';

import { checkChosenType } from './type-check.js';

const invoices = { id: 'inv', name: 'Supplier Invoices' };
const receipts = { id: 'rec', name: 'Receipts (till)' };
const types = [invoices, receipts];

const match = (typeId: string, score: number, evidence: string[], counted = 6): TypeMatch => ({
  typeId,
  score,
  matched: evidence.map((words) => words.toLowerCase()),
  evidence,
  counted,
});

const classification = (best: string | null, scores: TypeMatch[]): Classification => ({
  typeId: best,
  score: scores[0]?.score ?? 0,
  reason: '',
  scores,
});

describe('checkChosenType', () => {
  const receiptLike = classification('rec', [
    match('rec', 0.9, ['CASH', 'CHANGE', 'TOTAL', 'Date', 'Item Qty Price']),
    match('inv', 0.3, ['TOTAL', 'Date'], 9),
  ]);

  it('processes a file that looks like another type as the chosen one, and suggests the other with its words', () => {
    const result = checkChosenType(receiptLike, types, invoices);
    expect(result.matchedDocTypeId).toBe('inv');
    expect(result.score).toBe(0.3);
    expect(result.reason).toBe("Matched 2 of 9 fields of 'Supplier Invoices' ('TOTAL', 'Date')");
    expect(result.suggestion).toEqual({
      docTypeId: 'rec',
      docTypeName: 'Receipts (till)',
      reason:
        "It looks more like Receipts (till): it prints 'CASH', 'CHANGE', 'TOTAL', 'Date'… (5 of 6 of its fields, against 2 of 9 of Supplier Invoices)",
      evidence: ['CASH', 'CHANGE', 'TOTAL', 'Date', 'Item Qty Price'],
      score: 0.9,
    });
  });

  it('suggests nothing when the chosen type is the best match', () => {
    const result = checkChosenType(receiptLike, types, receipts);
    expect(result).toEqual({
      matchedDocTypeId: 'rec',
      reason: "Matched 5 of 6 fields of 'Receipts (till)' ('CASH', 'CHANGE', 'TOTAL', 'Date'…)",
      score: 0.9,
    });
  });

  it('leaves a close call to the person who chose', () => {
    const close = classification('rec', [
      match('rec', 0.6, ['CASH', 'TOTAL']),
      match('inv', 0.5, ['Invoice No', 'TOTAL']),
    ]);
    expect(checkChosenType(close, types, invoices).suggestion).toBeUndefined();
  });

  it('keeps a file that matches no type, saying none of its labels were found', () => {
    const none = classification(null, [match('inv', 0, []), match('rec', 0, [])]);
    expect(checkChosenType(none, types, invoices)).toEqual({
      matchedDocTypeId: 'inv',
      reason:
        "None of the labels of 'Supplier Invoices' were found; it is processed as Supplier Invoices",
      score: 0,
    });
  });
});
