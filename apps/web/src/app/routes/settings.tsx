import { Divider, Paper, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

import { PageHeader } from '@/components/page-header';
import { ModelEngineCard } from '@/features/ai-model/components/model-engine-card';
import { ApiKeysTable } from '@/features/api-keys/components/api-keys-table';
import { CreateApiKeyForm } from '@/features/api-keys/components/create-api-key-form';
import { ChangePasswordForm } from '@/features/auth/components/change-password-form';
import { useAuth } from '@/features/auth/hooks/use-auth';
import { CompanySettingsForm } from '@/features/company-settings/components/company-settings-form';
import { InviteForm } from '@/features/invites/components/invite-form';
import { LearnedVendorsCard } from '@/features/learned-vendors/components/learned-vendors-card';
import { PendingInvitesTable } from '@/features/invites/components/pending-invites-table';
import { MembersTable } from '@/features/team/components/members-table';
import { WebhookSecretPanel } from '@/features/webhook-secret/components/webhook-secret-panel';

interface SettingsSectionProps {
  /** The heading's id, which names the section. */
  id: string;
  /** The heading (an h2). */
  title: string;
  /** One dimmed line under the heading. */
  description?: string;
  /** The section's content. */
  children: ReactNode;
}

/** One titled card of the settings page. */
function SettingsSection({ id, title, description, children }: SettingsSectionProps) {
  return (
    <Paper withBorder p="lg" radius="md" component="section" aria-labelledby={id}>
      <Title order={2} size="h3" id={id} mb={description === undefined ? 'md' : 4}>
        {title}
      </Title>
      {description !== undefined && (
        <Text size="sm" c="dimmed" mb="md">
          {description}
        </Text>
      )}
      {children}
    </Paper>
  );
}

/**
 * /settings: the team (members and invites), the company settings, for admins the API keys and
 * the webhook signing secret, and the user's password.
 */
export function SettingsRoute() {
  const { user } = useAuth();
  if (!user) return null;
  const isAdmin = user.role === 'admin';

  return (
    <>
      <PageHeader title="Settings" subtitle={`${user.tenant?.name ?? ''} · ${user.email}`} />
      <Stack gap="xl">
        <SettingsSection
          id="settings-team"
          title="Team"
          description={
            isAdmin
              ? 'Invite colleagues, change their roles or remove them from the company.'
              : 'The members of your company.'
          }
        >
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
        </SettingsSection>

        <SettingsSection
          id="settings-company"
          title="Company settings"
          description={
            isAdmin
              ? 'How documents are reviewed and approved, and what the data entry agent assumes.'
              : 'Set by an admin of your company.'
          }
        >
          <CompanySettingsForm canEdit={isAdmin} />
        </SettingsSection>

        <SettingsSection
          id="settings-ai-model"
          title="AI model"
          description="Which engine reads your documents. A model, when configured, reads each document after the offline engine; its values are checked field by field."
        >
          <ModelEngineCard canEdit={isAdmin} />
        </SettingsSection>

        {isAdmin && (
          <SettingsSection
            id="settings-learned-vendors"
            title="Learned vendors"
            description="Each reviewed document teaches Parser where its vendor prints each value; the next document from that vendor is read that way first. Used for your company only."
          >
            <LearnedVendorsCard />
          </SettingsSection>
        )}

        {isAdmin && (
          <SettingsSection
            id="settings-api-keys"
            title="API keys"
            description="Integrations use a key as a bearer token to upload documents and fetch exports."
          >
            <CreateApiKeyForm />
            <Divider my="lg" />
            <ApiKeysTable />
          </SettingsSection>
        )}

        {isAdmin && (
          <SettingsSection
            id="settings-webhook-secret"
            title="Webhook signing secret"
            description="Every webhook delivery is signed with this secret so receivers can check it came from Parser."
          >
            <WebhookSecretPanel />
          </SettingsSection>
        )}

        <SettingsSection id="settings-password" title="Password">
          <ChangePasswordForm />
        </SettingsSection>
      </Stack>
    </>
  );
}
