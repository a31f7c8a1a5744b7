import { Button, Group, Modal, Stack, Text } from '@mantine/core';

export interface DecisionConfirmModalProps {
  /** The decision waiting for a yes, or null when none is. */
  pending: { label: string; color: string; description: string } | null;
  onConfirm: () => void;
  onCancel: () => void;
}

/** A decision made by keyboard shortcut is confirmed first: one keystroke is easy to mistype. */
export function DecisionConfirmModal({ pending, onConfirm, onCancel }: DecisionConfirmModalProps) {
  return (
    <Modal
      opened={pending !== null}
      onClose={onCancel}
      title={pending ? `${pending.label}?` : ''}
      centered
    >
      {pending && (
        <Stack gap="lg">
          <Text size="sm">{pending.description}</Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={onCancel}>
              Cancel
            </Button>
            <Button color={pending.color} onClick={onConfirm} data-autofocus>
              {pending.label}
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
