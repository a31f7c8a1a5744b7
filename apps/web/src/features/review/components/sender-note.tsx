import { Alert, Stack } from '@mantine/core';
import type { HistoryEntry, ReviewRecord } from '@parser/contracts';
import { IconMessage, IconSend } from '@tabler/icons-react';

export interface SenderNoteProps {
  record: ReviewRecord;
}

/** The note of the last send for approval since the review was submitted, if it had one. */
function sendingNote(history: HistoryEntry[]): { entry: HistoryEntry; notes: string } | null {
  for (const entry of [...history].reverse()) {
    if (entry.kind === 'review_submitted') return null;
    if (entry.kind !== 'assigned') continue;
    const notes = typeof entry.data.notes === 'string' ? entry.data.notes.trim() : '';
    return notes === '' ? null : { entry, notes };
  }
  return null;
}

/**
 * At approval: what the people before the approver wrote for them. The note of whoever sent the
 * document for approval comes first, then the reviewer's note from submitting it.
 */
export function SenderNote({ record }: SenderNoteProps) {
  if (record.current_step !== 'approval') return null;
  const sent = record.assigned_to ? sendingNote(record.history) : null;
  const reviewNote = record.review_notes.trim();
  if (!sent && reviewNote === '') return null;
  const submitted = [...record.history].reverse().find((e) => e.kind === 'review_submitted');
  return (
    <Stack gap="sm">
      {sent && (
        <Alert
          color="blue"
          variant="light"
          icon={<IconSend size={18} />}
          title={`Sent for approval by ${sent.entry.actor}`}
          style={{ whiteSpace: 'pre-wrap' }}
        >
          {sent.notes}
        </Alert>
      )}
      {reviewNote !== '' && (
        <Alert
          color="blue"
          variant="light"
          icon={<IconMessage size={18} />}
          title={submitted ? `Note from ${submitted.actor}` : 'Note from the reviewer'}
          style={{ whiteSpace: 'pre-wrap' }}
        >
          {record.review_notes}
        </Alert>
      )}
    </Stack>
  );
}
