import { Button, Loader, Table, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import dayjs from 'dayjs';

import { ErrorAlert } from '@/components/error-alert';
import { RoleBadge } from '@/components/role-badge';
import { getErrorMessage } from '@/lib/api-client';

import { useInvites } from '../api/get-invites';
import { useRevokeInvite } from '../api/revoke-invite';

/** The company's pending invites, each with a Revoke action. */
export function PendingInvitesTable() {
  const invites = useInvites();
  const revoke = useRevokeInvite();

  if (invites.isPending) return <Loader size="sm" aria-label="Loading invites" />;
  if (invites.isError)
    return <ErrorAlert error={invites.error} fallback="Failed to load invites" />;
  if (invites.data.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        No pending invites
      </Text>
    );
  }

  return (
    <Table.ScrollContainer minWidth={520}>
      <Table verticalSpacing="sm" aria-label="Pending invites">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Email</Table.Th>
            <Table.Th>Role</Table.Th>
            <Table.Th>Expires</Table.Th>
            <Table.Th>Actions</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {invites.data.map((invite) => (
            <Table.Tr key={invite.id}>
              <Table.Td>
                <Text size="sm">{invite.email}</Text>
              </Table.Td>
              <Table.Td>
                <RoleBadge role={invite.role} />
              </Table.Td>
              <Table.Td>
                <Text size="sm">{dayjs(invite.expires_at).format('MMM D, YYYY HH:mm')}</Text>
              </Table.Td>
              <Table.Td>
                <Button
                  size="xs"
                  color="red"
                  variant="light"
                  loading={revoke.isPending && revoke.variables === invite.id}
                  onClick={() =>
                    revoke.mutate(invite.id, {
                      onSuccess: () =>
                        notifications.show({
                          color: 'green',
                          title: 'Invite revoked',
                          message: invite.email,
                        }),
                      onError: (error) =>
                        notifications.show({
                          color: 'red',
                          title: 'Error',
                          message: getErrorMessage(error),
                        }),
                    })
                  }
                >
                  Revoke
                </Button>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
