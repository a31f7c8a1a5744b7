import { describe, expect, it } from 'vitest';

import {
  HISTORY_EVENT_DATA,
  type HistoryEvent,
  HistoryEntryKind,
  HistoryKind,
  readHistoryEvent,
} from './pipeline-history.js';

/** One event of every kind, as the server writes them. */
const EVENTS: HistoryEvent[] = [
  { kind: 'created', data: { upload_id: 'u-1' } },
  { kind: 'step_changed', data: { from: 'human_review', to: 'approval' } },
  { kind: 'field_edited', data: { field: 'total', old: 10, new: 12.5 } },
  { kind: 'field_edited', data: { table: 'line_items', row: 0, column: 'qty', old: null, new: 2 } },
  { kind: 'field_edited', data: { more_edits: 3 } },
  { kind: 'review_saved', data: { notes: '' } },
  { kind: 'review_submitted', data: { notes: 'checked' } },
  {
    kind: 'approved',
    data: { notes: 'ok', failed_checks: ['Total differs'], failed_checks_unconfirmed: true },
  },
  { kind: 'rejected', data: { notes: 'wrong vendor' } },
  { kind: 'assigned', data: { to: { id: 'user-1', email: 'a@b.test' }, notes: '' } },
  { kind: 'assigned', data: { to: null, notes: '' } },
  { kind: 'failed', data: { step: 'extraction', reason: 'unreadable' } },
  { kind: 'retried', data: { failed_step: 'extraction', reason: 'unreadable' } },
  { kind: 're_extracted', data: {} },
  {
    kind: 'agent_ran',
    data: {
      agent: 'data_entry',
      message: '1 value improved',
      changes: [{ field: 'total', old: null, new: 5, reason: 'sum', source: 'rule' }],
    },
  },
  { kind: 'model_warning', data: { step: 'extraction', message: 'timed out' } },
  { kind: 'einvoice_warning', data: { step: 'extraction', message: 'not well-formed XML' } },
  {
    kind: 'checks_rerun',
    data: {
      after: 'review_saved',
      message: 'All 2 checks passed',
      summary: { pass: 2, warn: 0, fail: 0 },
    },
  },
  {
    kind: 'derived_value_updated',
    data: { field: 'subtotal', old: 5, new: 6, reason: 'follows the lines' },
  },
];

describe('readHistoryEvent', () => {
  it('reads back every kind of event as it was written, through JSON as the database keeps it', () => {
    expect(new Set(EVENTS.map((event) => event.kind))).toEqual(new Set(HistoryKind.options));
    for (const event of EVENTS) {
      const stored = JSON.parse(JSON.stringify(event.data)) as unknown;
      expect(readHistoryEvent(event.kind, stored)).toEqual(event);
    }
  });

  it('reads an unknown kind as unknown, never as a step change', () => {
    const read = readHistoryEvent('archived', { from: 'approval', to: 'completed' });
    expect(read).toEqual({
      kind: 'unknown',
      storedKind: 'archived',
      storedData: { from: 'approval', to: 'completed' },
    });
  });

  it('reads a known kind whose data is not of that kind as unknown', () => {
    expect(readHistoryEvent('step_changed', { from: 'nowhere' }).kind).toBe('unknown');
    expect(readHistoryEvent('failed', null).kind).toBe('unknown');
  });

  it('has data for every kind, and the API names one kind more for unreadable entries', () => {
    expect(Object.keys(HISTORY_EVENT_DATA).sort()).toEqual([...HistoryKind.options].sort());
    expect(HistoryEntryKind.options).toEqual([...HistoryKind.options, 'unknown']);
  });
});
