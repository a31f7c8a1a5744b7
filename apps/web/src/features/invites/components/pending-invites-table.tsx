import { Button, Table, Text } from '@mantine/core';
import dayjs from 'dayjs';

import { DataTable } from '@/components/data-table';
import { ListQueryContent } from '@/components/list-query-content';
import { RoleBadge } from '@/components/role-badge';
import { notifyError, notifySuccess } from '@/lib/notify';

import { useInvites } from '../api/get-invites';
import { useRevokeInvite } from '../api/revoke-invite';

const COLUMNS = ['Email', 'Role', 'Expires', 'Actions'];

/** The company's pending invites, each with a Revoke action. */
export function PendingInvitesTable() {
  const invites = useInvites();
  const revoke = useRevokeInvite();

  return (
    <ListQueryContent query={invites} noun="invites" empty="No pending invites">
      {(items) => (
        <DataTable label="Pending invites" minWidth={520} columns={COLUMNS}>
          {items.map((invite) => (
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
                      onSuccess: () => notifySuccess('Invite revoked', invite.email),
                      onError: (error) => notifyError(error),
                    })
                  }
                >
                  Revoke
                </Button>
              </Table.Td>
            </Table.Tr>
          ))}
        </DataTable>
      )}
    </ListQueryContent>
  );
}
