import { Button, Group, Kbd, Paper, Stack, Text, Textarea } from '@mantine/core';
import { IconPlayerTrackNext, IconSend } from '@tabler/icons-react';

import type { ReviewBusy } from '../hooks/use-review-actions';
import type { ReviewForm } from '../hooks/use-review-form';

export interface ReviewNotesPanelProps {
  form: ReviewForm;
  /** At review the notes are editable and the save buttons shown; else the notes are read-only. */
  atReview: boolean;
  busy: ReviewBusy;
  /** The submit shortcut as the platform writes it, e.g. 'Ctrl + Enter'. */
  shortcut: string;
  onSave: (action: 'submit' | 'save', options?: { next: boolean }) => void;
}

/** 'Review Notes', then Save Draft, Submit Review and Submit & next at review. */
export function ReviewNotesPanel({
  form,
  atReview,
  busy,
  shortcut,
  onSave,
}: ReviewNotesPanelProps) {
  return (
    <Paper withBorder radius="md" p="md">
      <Stack gap="sm">
        <Textarea
          label="Review Notes"
          rows={3}
          resize="vertical"
          value={form.notes}
          readOnly={!atReview}
          variant={atReview ? 'default' : 'filled'}
          onChange={(event) => form.setNotes(event.currentTarget.value)}
        />
        {atReview && (
          <>
            <Group justify="flex-end" gap="sm">
              <Button variant="default" onClick={() => onSave('save')} loading={busy === 'save'}>
                Save Draft
              </Button>
              <Button
                id="review-decision"
                leftSection={<IconSend size={16} />}
                onClick={() => onSave('submit')}
                loading={busy === 'submit'}
              >
                Submit Review
              </Button>
              <Button
                variant="light"
                rightSection={<IconPlayerTrackNext size={16} />}
                onClick={() => onSave('submit', { next: true })}
                disabled={busy !== null}
              >
                Submit &amp; next
              </Button>
            </Group>
            <Text size="xs" c="dimmed" ta="right">
              Press <Kbd size="xs">{shortcut}</Kbd> to submit, <Kbd size="xs">?</Kbd> for all
              shortcuts
            </Text>
          </>
        )}
      </Stack>
    </Paper>
  );
}
