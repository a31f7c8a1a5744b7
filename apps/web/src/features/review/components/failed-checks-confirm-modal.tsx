import { Button, Group, List, Modal, Stack, Text, Textarea } from '@mantine/core';
import type { ReconCheck } from '@parser/contracts';
import { useState } from 'react';

export interface FailedChecksConfirmModalProps {
  /** The failed checks of the values about to be approved; the dialog is open while any are given. */
  checks: ReconCheck[] | null;
  /** The approver's note so far (from the decision card), offered to edit. */
  initialNote: string;
  /** The company asks for a note saying why values whose checks fail are approved. */
  noteRequired: boolean;
  onConfirm: (note: string) => void;
  onCancel: () => void;
}

/**
 * Approving values whose checks fail is a choice the approver makes knowingly: the failures are
 * listed, and the approval (with the note) is recorded in the history.
 */
export function FailedChecksConfirmModal({
  checks,
  initialNote,
  noteRequired,
  onConfirm,
  onCancel,
}: FailedChecksConfirmModalProps) {
  return (
    <Modal
      opened={checks !== null}
      onClose={onCancel}
      title="Approve values whose checks fail?"
      centered
      size="lg"
    >
      {checks && (
        <FailedChecksForm
          checks={checks}
          initialNote={initialNote}
          noteRequired={noteRequired}
          onConfirm={onConfirm}
          onCancel={onCancel}
        />
      )}
    </Modal>
  );
}

/** The dialog's body, mounted afresh each time it opens so the note starts from the card's. */
function FailedChecksForm({
  checks,
  initialNote,
  noteRequired,
  onConfirm,
  onCancel,
}: Omit<FailedChecksConfirmModalProps, 'checks'> & { checks: ReconCheck[] }) {
  const [note, setNote] = useState(initialNote);
  const missingNote = noteRequired && note.trim() === '';
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        if (!missingNote) onConfirm(note);
      }}
    >
      <Stack gap="md">
        <Text size="sm">
          {checks.length === 1
            ? 'This check of the values fails:'
            : `These ${checks.length} checks of the values fail:`}
        </Text>
        <List size="sm" spacing={4}>
          {checks.map((check, index) => (
            <List.Item key={index}>{check.message}</List.Item>
          ))}
        </List>
        <Text size="sm">
          If you approve anyway, the history records that you approved them with these failures.
        </Text>
        <Textarea
          label={
            noteRequired ? 'Why approve anyway? (required by your company)' : 'Note (optional)'
          }
          rows={2}
          resize="vertical"
          value={note}
          required={noteRequired}
          onChange={(event) => setNote(event.currentTarget.value)}
          data-autofocus
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel}>
            Cancel
          </Button>
          <Button type="submit" color="orange" disabled={missingNote}>
            Approve anyway
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
