import {
  type HistoryEntry,
  type HistoryEvent,
  HistoryKind,
  readHistoryEvent,
  type ValueRef,
} from '@parser/contracts';

import type { TenantAuth } from '../../../plugins/auth.js';
import type { NewPipelineEvent } from '../pipelines.repository.js';

import type { MovedBy } from './pipeline-transitions.js';

/** Who the history says did something: a person (their e-mail or key name) or the system. */
export interface PipelineActor {
  by: MovedBy;
  /** The person's user id (an API key's creator); null for the system and its agents. */
  userId: string | null;
  label: string;
}

export const SYSTEM: PipelineActor = { by: 'system', userId: null, label: 'System' };

/** The system doing a named part of the work, e.g. 'Data entry agent'. */
export const systemAs = (label: string): PipelineActor => ({ by: 'system', userId: null, label });

/** The person a request acts for. */
export const personOf = (auth: TenantAuth): PipelineActor => ({
  by: 'person',
  userId: auth.userId,
  label: auth.actorLabel,
});

/** A history event with who did it, ready to record. */
export type RecordedEvent = HistoryEvent & { actor: PipelineActor };

/** The events, each recorded as done by `actor`. */
export const doneBy = (actor: PipelineActor, events: readonly HistoryEvent[]): RecordedEvent[] =>
  events.map((event) => ({ ...event, actor }));

export function eventRowOf(
  tenantId: string,
  pipelineId: string,
  event: RecordedEvent,
): NewPipelineEvent {
  return {
    tenantId,
    pipelineId,
    kind: event.kind,
    actorUserId: event.actor.userId,
    actorLabel: event.actor.label,
    data: event.data,
  };
}

/** A stored history row as read back. */
export interface StoredEventRow {
  id: number | string;
  kind: string;
  actorLabel: string;
  data: Record<string, unknown>;
  createdAt: Date | string;
}

/**
 * A stored row as the review record answers it. A known kind answers its data as stored (rows
 * written before a kind's data was typed read as they always did); a kind this version does not
 * know answers 'unknown' with the stored kind and data, never as another kind.
 */
export function historyEntryOf(row: StoredEventRow): HistoryEntry {
  const kind = HistoryKind.safeParse(row.kind);
  return {
    id: Number(row.id),
    kind: kind.success ? kind.data : 'unknown',
    actor: row.actorLabel,
    at: new Date(row.createdAt).toISOString(),
    data: kind.success ? row.data : { stored_kind: row.kind, stored_data: row.data },
  };
}

/** The places people edited, from the history's field_edited entries. */
export function editedPlacesIn(rows: readonly { kind: string; data: unknown }[]): ValueRef[] {
  return rows.flatMap((row): ValueRef[] => {
    const event = readHistoryEvent(row.kind, row.data);
    if (event.kind !== 'field_edited' || 'more_edits' in event.data) return [];
    const { field, table, row: index, column } = event.data;
    if (field !== undefined) return [{ field }];
    if (table !== undefined && index !== undefined && column !== undefined) {
      return [{ table, row: index, column }];
    }
    return [];
  });
}
