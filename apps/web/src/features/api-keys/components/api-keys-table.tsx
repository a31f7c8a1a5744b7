import { Badge, Button, Table, Text } from '@mantine/core';
import type { ApiKey } from '@parser/contracts';
import dayjs from 'dayjs';
import { useState } from 'react';

import { ConfirmModal } from '@/components/confirm-modal';
import { DataTable } from '@/components/data-table';
import { ListQueryContent } from '@/components/list-query-content';
import { notifyError, notifySuccess } from '@/lib/notify';

import { useApiKeys } from '../api/get-api-keys';
import { useRevokeApiKey } from '../api/revoke-api-key';

const DATE_FORMAT = 'MMM D, YYYY HH:mm';

const COLUMNS = ['Name', 'Key', 'Created by', 'Created', 'Last used', 'Actions'];

/**
 * The company's API keys: name, prefix, who created it, created, last used, and Revoke behind a
 * confirm.
 */
export function ApiKeysTable() {
  const apiKeys = useApiKeys();
  const revoke = useRevokeApiKey();
  const [toRevoke, setToRevoke] = useState<ApiKey | null>(null);

  const confirmRevoke = () => {
    if (!toRevoke) return;
    const key = toRevoke;
    revoke.mutate(key.id, {
      onSuccess: () => notifySuccess('API key revoked', key.name),
      onError: (error) => notifyError(error),
      onSettled: () => setToRevoke(null),
    });
  };

  return (
    <ListQueryContent query={apiKeys} noun="API keys" empty="No API keys yet">
      {(keys) => (
        <>
          <DataTable label="API keys" minWidth={720} columns={COLUMNS}>
            {keys.map((key) => (
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
          </DataTable>
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
      )}
    </ListQueryContent>
  );
}
