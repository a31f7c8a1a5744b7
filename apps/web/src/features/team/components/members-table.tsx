import { Badge, Button, Checkbox, Group, Modal, Select, Table, Text } from '@mantine/core';
import { Role, type TenantUser } from '@parser/contracts';
import dayjs from 'dayjs';
import { useState } from 'react';

import { DataTable } from '@/components/data-table';
import { ListQueryContent } from '@/components/list-query-content';
import { RoleBadge } from '@/components/role-badge';
import { notifyError, notifySuccess } from '@/lib/notify';

import { useRemoveUser } from '../api/remove-user';
import { useTenantUsers } from '../api/get-tenant-users';
import { useUpdateUserRole } from '../api/update-user-role';

const COLUMNS = ['Email', 'Role', 'Joined'];

const ROLE_OPTIONS = Role.options.map((role) => ({ value: role, label: role }));

export interface MembersTableProps {
  /** The signed-in user's id: their own row cannot be changed or removed. */
  currentUserId: string;
  /** Show role selects and Remove buttons (admins). */
  canManage: boolean;
}

const apiKeysLabel = (count: number) => (count === 1 ? '1 API key' : `${count} API keys`);

/** The company's members, with role changes and removal for admins. */
export function MembersTable({ currentUserId, canManage }: MembersTableProps) {
  const members = useTenantUsers();
  const updateRole = useUpdateUserRole();
  const removeUser = useRemoveUser();
  const [toRemove, setToRemove] = useState<TenantUser | null>(null);
  // A key should not outlive its creator's access by accident: revoking is the default.
  const [revokeApiKeys, setRevokeApiKeys] = useState(true);

  const handleRoleChange = (member: TenantUser, value: string | null) => {
    const role = Role.safeParse(value);
    if (!role.success || role.data === member.role) return;
    updateRole.mutate(
      { id: member.id, role: role.data },
      {
        onSuccess: () => notifySuccess('Role updated', `${member.email} is now ${role.data}`),
        onError: (error) => notifyError(error),
      },
    );
  };

  const confirmRemove = () => {
    if (!toRemove) return;
    const member = toRemove;
    removeUser.mutate(
      { id: member.id, revokeApiKeys },
      {
        onSuccess: () => {
          setToRemove(null);
          notifySuccess('Member removed', `${member.email} was removed`);
        },
        onError: (error) => notifyError(error),
      },
    );
  };

  return (
    <ListQueryContent query={members} noun="team members">
      {(people) => (
        <>
          <DataTable
            label="Team members"
            minWidth={520}
            columns={canManage ? [...COLUMNS, 'Actions'] : COLUMNS}
          >
            {people.map((member) => {
              const isSelf = member.id === currentUserId;
              const editable = canManage && !isSelf;
              return (
                <Table.Tr key={member.id}>
                  <Table.Td>
                    <Group gap="xs" wrap="nowrap">
                      <Text size="sm">{member.email}</Text>
                      {isSelf && (
                        <Badge size="xs" variant="light">
                          You
                        </Badge>
                      )}
                    </Group>
                  </Table.Td>
                  <Table.Td>
                    {editable ? (
                      <Select
                        size="xs"
                        w={130}
                        aria-label={`Role for ${member.email}`}
                        data={ROLE_OPTIONS}
                        value={member.role}
                        allowDeselect={false}
                        disabled={updateRole.isPending}
                        onChange={(value) => handleRoleChange(member, value)}
                      />
                    ) : (
                      <RoleBadge role={member.role} />
                    )}
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm">{dayjs(member.created_at).format('MMM D, YYYY')}</Text>
                  </Table.Td>
                  {canManage && (
                    <Table.Td>
                      {editable && (
                        <Button
                          size="xs"
                          color="red"
                          variant="light"
                          onClick={() => {
                            setRevokeApiKeys(true);
                            setToRemove(member);
                          }}
                        >
                          Remove
                        </Button>
                      )}
                    </Table.Td>
                  )}
                </Table.Tr>
              );
            })}
          </DataTable>

          <Modal
            opened={toRemove !== null}
            onClose={() => setToRemove(null)}
            title="Remove member"
            centered
          >
            <Text size="sm" mb="lg">
              Remove {toRemove?.email} from the company? They will lose access immediately. This
              action cannot be undone.
            </Text>
            {(toRemove?.active_api_keys ?? 0) > 0 && (
              <Checkbox
                mb="lg"
                checked={revokeApiKeys}
                onChange={(event) => setRevokeApiKeys(event.currentTarget.checked)}
                label={`Also revoke the ${apiKeysLabel(toRemove?.active_api_keys ?? 0)} they created`}
                description={
                  revokeApiKeys
                    ? 'Integrations that use them stop working now.'
                    : 'The keys keep working for the company; you can revoke them later under API keys.'
                }
              />
            )}
            <Group justify="flex-end">
              <Button variant="default" onClick={() => setToRemove(null)}>
                Cancel
              </Button>
              <Button color="red" loading={removeUser.isPending} onClick={confirmRemove}>
                Remove member
              </Button>
            </Group>
          </Modal>
        </>
      )}
    </ListQueryContent>
  );
}
