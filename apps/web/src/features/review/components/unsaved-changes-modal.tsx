import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import type { Blocker } from 'react-router';

export interface UnsavedChangesModalProps {
  /** The router's blocker; the modal shows while it holds a navigation. */
  blocker: Blocker;
}

/** Asks before leaving a review with unsaved edits; they stay as a draft either way. */
export function UnsavedChangesModal({ blocker }: UnsavedChangesModalProps) {
  const opened = blocker.state === 'blocked';
  return (
    <Modal opened={opened} onClose={() => blocker.reset?.()} title="Leave without saving?" centered>
      <Stack gap="lg">
        <Text size="sm">
          Your edits to this document are not saved. They are kept as a draft in this browser and
          offered back when you open the document again.
        </Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={() => blocker.proceed?.()}>
            Leave
          </Button>
          <Button onClick={() => blocker.reset?.()} data-autofocus>
            Stay
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
