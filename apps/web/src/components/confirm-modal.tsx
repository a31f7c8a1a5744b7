import { Button, Group, Modal, Stack } from '@mantine/core';
import type { ReactNode } from 'react';

export interface ConfirmModalProps {
  /** Whether the modal is open. */
  opened: boolean;
  /** The modal's title. */
  title: string;
  /** What will happen, in words. */
  children: ReactNode;
  /** The confirm button's label. */
  confirmLabel: string;
  /** Called when the user confirms. */
  onConfirm: () => void;
  /** Called on Cancel, Escape or a click outside. */
  onClose: () => void;
  /** Shows the confirm button busy while the action runs. */
  loading?: boolean;
}

/** Asks before a destructive action: Cancel or a red confirm button. */
export function ConfirmModal({
  opened,
  title,
  children,
  confirmLabel,
  onConfirm,
  onClose,
  loading = false,
}: ConfirmModalProps) {
  return (
    <Modal opened={opened} onClose={onClose} title={title} centered>
      <Stack gap="lg">
        {children}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose} disabled={loading}>
            Cancel
          </Button>
          <Button color="red" onClick={onConfirm} loading={loading} data-autofocus>
            {confirmLabel}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
