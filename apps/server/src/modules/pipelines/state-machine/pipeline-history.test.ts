import { readHistoryEvent } from '@parser/contracts';
import { describe, expect, it } from 'vitest';

import {
  editedPlacesIn,
  eventRowOf,
  historyEntryOf,
  personOf,
  type RecordedEvent,
  SYSTEM,
} from './pipeline-history.js';

const at = new Date('2026-01-02T03:04:05.000Z');

describe('history rows', () => {
  it('store an event with its actor and read back as the same typed event', () => {
    const person = personOf({ userId: 'user-1', actorLabel: 'clerk@example.test' } as never);
    const events: RecordedEvent[] = [
      { kind: 'review_submitted', data: { notes: 'ok' }, actor: person },
      { kind: 'step_changed', data: { from: 'human_review', to: 'approval' }, actor: person },
      { kind: 'failed', data: { step: 'extraction', reason: 'unreadable' }, actor: SYSTEM },
    ];
    for (const event of events) {
      const row = eventRowOf('tenant-1', 'pipeline-1', event);
      expect(row.actorLabel).toBe(event.actor.label);
      expect(row.actorUserId).toBe(event.actor.userId);
      const stored = JSON.parse(JSON.stringify(row.data)) as unknown;
      expect(readHistoryEvent(row.kind, stored)).toEqual({ kind: event.kind, data: event.data });
    }
  });

  it('answer a known kind with its data as stored', () => {
    expect(
      historyEntryOf({
        id: '7',
        kind: 'step_changed',
        actorLabel: 'System',
        data: { from: 'extraction', to: 'human_review' },
        createdAt: at,
      }),
    ).toEqual({
      id: 7,
      kind: 'step_changed',
      actor: 'System',
      at: '2026-01-02T03:04:05.000Z',
      data: { from: 'extraction', to: 'human_review' },
    });
  });

  it('answer an unknown kind as unknown with what was stored, never as a step change', () => {
    const entry = historyEntryOf({
      id: 8,
      kind: 'archived',
      actorLabel: 'System',
      data: { from: 'approval', to: 'completed' },
      createdAt: at,
    });
    expect(entry.kind).toBe('unknown');
    expect(entry.data).toEqual({
      stored_kind: 'archived',
      stored_data: { from: 'approval', to: 'completed' },
    });
  });
});

describe('editedPlacesIn', () => {
  it('names the fields and cells people edited, skipping counts and other kinds', () => {
    expect(
      editedPlacesIn([
        { kind: 'field_edited', data: { field: 'total', old: 1, new: 2 } },
        {
          kind: 'field_edited',
          data: { table: 'line_items', row: 1, column: 'qty', old: null, new: 3 },
        },
        { kind: 'field_edited', data: { more_edits: 4 } },
        { kind: 'derived_value_updated', data: { field: 'subtotal', old: 1, new: 2, reason: 'x' } },
      ]),
    ).toEqual([{ field: 'total' }, { table: 'line_items', row: 1, column: 'qty' }]);
  });
});
