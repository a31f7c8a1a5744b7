import { Button, Collapse, Paper, Stack, Text, Timeline, Title } from '@mantine/core';
import type { HistoryEntry, ReviewSchema } from '@parser/contracts';
import { IconChevronDown, IconChevronRight } from '@tabler/icons-react';
import dayjs from 'dayjs';
import { useState } from 'react';

import { stepLook } from '@/components/step-badge';

import { displayLabel } from '../utils/review-values';

function shown(value: unknown): string {
  if (value === null || value === undefined || value === '') return '(empty)';
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return JSON.stringify(value) ?? '';
}

const text = (value: unknown): string | null => (typeof value === 'string' ? value : null);

/** Where an edited value sits, in the type's labels: 'Total' or 'Line Items row 2 Qty'. */
function editedPlace(data: Record<string, unknown>, schema: ReviewSchema): string {
  const field = text(data.field);
  if (field) {
    const label = schema.fields.find((f) => f.key === field)?.label ?? field;
    return displayLabel(label);
  }
  const tableKey = text(data.table) ?? '';
  const table = schema.tables.find((t) => t.key === tableKey);
  const columnKey = text(data.column) ?? '';
  const column = table?.columns.find((c) => c.key === columnKey)?.label ?? columnKey;
  const row = typeof data.row === 'number' ? ` row ${data.row + 1}` : '';
  return `${displayLabel(table?.label ?? tableKey)}${row} ${displayLabel(column)}`;
}

/** One history entry in words. */
export function describeHistory(entry: HistoryEntry, schema: ReviewSchema): string {
  const { data } = entry;
  const notes = text(data.notes);
  const withNotes = (sentence: string) => (notes ? `${sentence}: "${notes}"` : sentence);
  switch (entry.kind) {
    case 'created':
      return 'Uploaded';
    case 'step_changed':
      return `${stepLook(text(data.from) ?? '?').label} → ${stepLook(text(data.to) ?? '?').label}`;
    case 'field_edited':
      return `${editedPlace(data, schema)}: ${shown(data.old)} → ${shown(data.new)}`;
    case 'review_saved':
      return 'Saved the review';
    case 'review_submitted':
      return withNotes('Submitted the review');
    case 'approved': {
      const failed = Array.isArray(data.failed_checks) ? data.failed_checks.length : 0;
      const checks = `${failed} failed check${failed === 1 ? '' : 's'}`;
      if (failed === 0) return withNotes('Approved');
      return withNotes(
        data.failed_checks_unconfirmed === true
          ? `Approved with ${checks}, not confirmed (approved through the API)`
          : `Approved with ${checks} confirmed`,
      );
    }
    case 'rejected':
      return withNotes('Rejected');
    case 'assigned': {
      const to = data.to as { email?: unknown } | null | undefined;
      return withNotes(`Sent for approval to ${shown(to?.email)}`);
    }
    case 'failed':
      return `Failed${text(data.step) ? ` at ${stepLook(text(data.step)!).label}` : ''}: ${shown(data.reason)}`;
    case 'retried':
      return 'Retried';
    case 're_extracted':
      return 'Extracted again';
    case 'agent_ran':
      return `Agent ran${text(data.agent) ? `: ${text(data.agent)}` : ''}`;
    case 'model_warning':
      // Each message says what of the model's answer was used and what was not.
      return `AI model: ${shown(data.message)}`;
    case 'einvoice_warning':
      return `E-invoice XML not read, values read from the page: ${shown(data.message)}`;
    case 'checks_rerun':
      return `Checks run again on the new values: ${shown(data.message)}`;
    case 'derived_value_updated':
      return `${editedPlace(data, schema)}: ${shown(data.old)} → ${shown(data.new)} (${shown(data.reason)})`;
    case 'unknown':
      // Written by a newer version of the server: named, never mistaken for a step change.
      return `Unknown entry: ${shown(data.stored_kind)}`;
  }
}

export interface HistoryPanelProps {
  history: HistoryEntry[];
  schema: ReviewSchema;
}

/** Who did what and when, newest first, folded away until asked for. */
export function HistoryPanel({ history, schema }: HistoryPanelProps) {
  const [open, setOpen] = useState(false);
  const entries = [...history].reverse();
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby="review-history">
      <Button
        variant="subtle"
        color="gray"
        px={0}
        onClick={() => setOpen((value) => !value)}
        aria-expanded={open}
        aria-controls="review-history-entries"
        leftSection={open ? <IconChevronDown size={16} /> : <IconChevronRight size={16} />}
      >
        <Title order={2} size="h4" id="review-history" component="span">
          History ({history.length})
        </Title>
      </Button>
      <Collapse expanded={open} id="review-history-entries">
        {entries.length === 0 ? (
          <Text c="dimmed" size="sm" mt="sm">
            Nothing recorded yet
          </Text>
        ) : (
          <Timeline bulletSize={12} lineWidth={2} mt="md">
            {entries.map((entry) => (
              <Timeline.Item key={entry.id}>
                <Stack gap={0}>
                  <Text size="sm">{describeHistory(entry, schema)}</Text>
                  <Text size="xs" c="dimmed">
                    {entry.actor} · {dayjs(entry.at).format('MMM D, YYYY h:mm A')}
                  </Text>
                </Stack>
              </Timeline.Item>
            ))}
          </Timeline>
        )}
      </Collapse>
    </Paper>
  );
}
