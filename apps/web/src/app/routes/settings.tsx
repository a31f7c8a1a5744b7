import { Divider, Paper, Stack, Text, Title } from '@mantine/core';

import { PageHeader } from '@/components/page-header';
import { ChangePasswordForm } from '@/features/auth/components/change-password-form';
import { useAuth } from '@/features/auth/hooks/use-auth';
import { InviteForm } from '@/features/invites/components/invite-form';
import { PendingInvitesTable } from '@/features/invites/components/pending-invites-table';
import { MembersTable } from '@/features/team/components/members-table';

/** /settings: the team (members and invites) and the user's password. */
export function SettingsRoute() {
  const { user } = useAuth();
  if (!user) return null;
  const isAdmin = user.role === 'admin';

  return (
    <>
      <PageHeader title="Settings" subtitle={`${user.tenant?.name ?? ''} · ${user.email}`} />
      <Stack gap="xl">
        <Paper withBorder p="lg" radius="md" component="section" aria-labelledby="settings-team">
          <Title order={2} size="h3" id="settings-team" mb={4}>
            Team
          </Title>
          <Text size="sm" c="dimmed" mb="md">
            {isAdmin
              ? 'Invite colleagues, change their roles or remove them from the company.'
              : 'The members of your company.'}
          </Text>
          <MembersTable currentUserId={user.uid} canManage={isAdmin} />

          {isAdmin && (
            <>
              <Divider my="lg" />
              <Title order={3} size="h4" mb="sm">
                Invite a team member
              </Title>
              <InviteForm />
              <Title order={3} size="h4" mt="lg" mb="sm">
                Pending invites
              </Title>
              <PendingInvitesTable />
            </>
          )}
        </Paper>

        <Paper
          withBorder
          p="lg"
          radius="md"
          component="section"
          aria-labelledby="settings-password"
        >
          <Title order={2} size="h3" id="settings-password" mb="md">
            Password
          </Title>
          <ChangePasswordForm />
        </Paper>
      </Stack>
    </>
  );
}
