import { Alert } from '@mantine/core';
import type { ReviewRecord } from '@parser/contracts';
import { IconMessage } from '@tabler/icons-react';

export interface SenderNoteProps {
  record: ReviewRecord;
}

/** At approval: what the person who submitted the review wrote for the approver. */
export function SenderNote({ record }: SenderNoteProps) {
  const note = record.review_notes.trim();
  if (record.current_step !== 'approval' || note === '') return null;
  const submitted = [...record.history].reverse().find((e) => e.kind === 'review_submitted');
  return (
    <Alert
      color="blue"
      variant="light"
      icon={<IconMessage size={18} />}
      title={submitted ? `Note from ${submitted.actor}` : 'Note from the reviewer'}
      style={{ whiteSpace: 'pre-wrap' }}
    >
      {record.review_notes}
    </Alert>
  );
}
