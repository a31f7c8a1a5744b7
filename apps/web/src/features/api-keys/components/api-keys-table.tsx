import { Badge, Button, Loader, Table, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { ApiKey } from '@parser/contracts';
import dayjs from 'dayjs';
import { useState } from 'react';

import { ConfirmModal } from '@/components/confirm-modal';
import { ErrorAlert } from '@/components/error-alert';
import { getErrorMessage } from '@/lib/api-client';

import { useApiKeys } from '../api/get-api-keys';
import { useRevokeApiKey } from '../api/revoke-api-key';

const DATE_FORMAT = 'MMM D, YYYY HH:mm';

/**
 * The company's API keys: name, prefix, who created it, created, last used, and Revoke behind a
 * confirm.
 */
export function ApiKeysTable() {
  const apiKeys = useApiKeys();
  const revoke = useRevokeApiKey();
  const [toRevoke, setToRevoke] = useState<ApiKey | null>(null);

  if (apiKeys.isPending) return <Loader size="sm" aria-label="Loading API keys" />;
  if (apiKeys.isError)
    return <ErrorAlert error={apiKeys.error} fallback="Failed to load API keys" />;
  if (apiKeys.data.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        No API keys yet
      </Text>
    );
  }

  const confirmRevoke = () => {
    if (!toRevoke) return;
    const key = toRevoke;
    revoke.mutate(key.id, {
      onSuccess: () =>
        notifications.show({ color: 'green', title: 'API key revoked', message: key.name }),
      onError: (error) =>
        notifications.show({ color: 'red', title: 'Error', message: getErrorMessage(error) }),
      onSettled: () => setToRevoke(null),
    });
  };

  return (
    <>
      <Table.ScrollContainer minWidth={720}>
        <Table verticalSpacing="sm" aria-label="API keys">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Name</Table.Th>
              <Table.Th>Key</Table.Th>
              <Table.Th>Created by</Table.Th>
              <Table.Th>Created</Table.Th>
              <Table.Th>Last used</Table.Th>
              <Table.Th>Actions</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {apiKeys.data.map((key) => (
              <Table.Tr key={key.id}>
                <Table.Td>
                  <Text size="sm">{key.name}</Text>
                </Table.Td>
                <Table.Td>
                  <Text size="sm" ff="monospace">
                    {key.prefix}…
                  </Text>
                </Table.Td>
                <Table.Td>
                  <Text size="sm">{key.created_by ?? 'Deleted account'}</Text>
                </Table.Td>
                <Table.Td>
                  <Text size="sm">{dayjs(key.created_at).format(DATE_FORMAT)}</Text>
                </Table.Td>
                <Table.Td>
                  <Text size="sm">
                    {key.last_used_at ? dayjs(key.last_used_at).format(DATE_FORMAT) : 'Never'}
                  </Text>
                </Table.Td>
                <Table.Td>
                  {key.revoked_at ? (
                    <Badge color="gray" variant="light">
                      Revoked
                    </Badge>
                  ) : (
                    <Button
                      size="xs"
                      color="red"
                      variant="light"
                      aria-label={`Revoke ${key.name}`}
                      onClick={() => setToRevoke(key)}
                    >
                      Revoke
                    </Button>
                  )}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      <ConfirmModal
        opened={toRevoke !== null}
        title="Revoke API key"
        confirmLabel="Revoke key"
        onConfirm={confirmRevoke}
        onClose={() => setToRevoke(null)}
        loading={revoke.isPending}
      >
        <Text size="sm">
          Revoke &quot;{toRevoke?.name}&quot;? Integrations that use this key will stop working
          immediately. This action cannot be undone.
        </Text>
      </ConfirmModal>
    </>
  );
}
