import { Alert, Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { DocType } from '@parser/contracts';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useState } from 'react';

import { ApiError, getErrorMessage } from '@/lib/api-client';

import { useDeleteDocType } from '../api/delete-doc-type';

export interface DeleteDocTypeModalProps {
  /** The type to delete; null keeps the modal closed. */
  docType: DocType | null;
  onClose: () => void;
}

/**
 * Confirms a delete. When documents still use the type the server refuses (409) and says how many;
 * deleting them as well then needs a second, explicit confirm: typing the type's name.
 */
export function DeleteDocTypeModal({ docType, onClose }: DeleteDocTypeModalProps) {
  const deleteDocType = useDeleteDocType();
  const [conflict, setConflict] = useState<string | null>(null);
  const [typedName, setTypedName] = useState('');

  const close = () => {
    setConflict(null);
    setTypedName('');
    deleteDocType.reset();
    onClose();
  };

  const remove = (force: boolean) => {
    if (!docType) return;
    deleteDocType.mutate(
      { id: docType.id, force },
      {
        onSuccess: () => {
          notifications.show({ color: 'green', message: 'Document type deleted successfully!' });
          close();
        },
        onError: (error) => {
          if (!force && error instanceof ApiError && error.code === 'CONFLICT') {
            setConflict(getErrorMessage(error));
            return;
          }
          notifications.show({
            color: 'red',
            message: `Failed to delete: ${getErrorMessage(error)}`,
          });
          close();
        },
      },
    );
  };

  const name = docType?.name ?? '';
  return (
    <Modal
      opened={docType !== null}
      onClose={close}
      title={conflict ? 'Documents use this type' : 'Delete document type'}
      centered
    >
      {conflict === null ? (
        <Stack gap="lg">
          <Text size="sm">
            Are you sure you want to delete &quot;{name}&quot;? This action cannot be undone.
          </Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              Cancel
            </Button>
            <Button color="red" loading={deleteDocType.isPending} onClick={() => remove(false)}>
              Delete
            </Button>
          </Group>
        </Stack>
      ) : (
        <form
          onSubmit={(event) => {
            event.preventDefault();
            if (typedName === name) remove(true);
          }}
        >
          <Stack gap="md">
            <Alert color="orange" icon={<IconAlertTriangle size={18} />} role="alert">
              {conflict}
            </Alert>
            <Text size="sm">
              Deleting &quot;{name}&quot; anyway also deletes those documents with their extracted
              and reviewed data. This cannot be undone.
            </Text>
            <TextInput
              label={`Type "${name}" to delete the type and its documents`}
              value={typedName}
              onChange={(event) => setTypedName(event.currentTarget.value)}
              autoComplete="off"
              data-autofocus
            />
            <Group justify="flex-end">
              <Button variant="default" onClick={close}>
                Keep the type
              </Button>
              <Button
                type="submit"
                color="red"
                disabled={typedName !== name}
                loading={deleteDocType.isPending}
              >
                Delete type and documents
              </Button>
            </Group>
          </Stack>
        </form>
      )}
    </Modal>
  );
}
