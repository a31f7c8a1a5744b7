import {
  ActionIcon,
  Alert,
  Button,
  CopyButton,
  Group,
  Select,
  Stack,
  Text,
  TextInput,
  Tooltip,
} from '@mantine/core';
import { isEmail, useForm } from '@mantine/form';
import { type Invite, Role } from '@parser/contracts';
import { IconCheck, IconCopy } from '@tabler/icons-react';
import { useState } from 'react';

import { ErrorAlert } from '@/components/error-alert';

import { useCreateInvite } from '../api/create-invite';

const ROLE_OPTIONS = Role.options.map((role) => ({ value: role, label: role }));

interface InviteFormValues {
  email: string;
  role: Role;
}

/** Admins invite a colleague by e-mail; the link is shown once, with a Copy button. */
export function InviteForm() {
  const createInvite = useCreateInvite();
  const [created, setCreated] = useState<Invite | null>(null);
  const form = useForm<InviteFormValues>({
    mode: 'controlled',
    initialValues: { email: '', role: 'member' },
    validate: { email: isEmail('Enter a valid email address') },
  });

  const handleSubmit = (values: InviteFormValues) => {
    setCreated(null);
    createInvite.mutate(
      { email: values.email.trim(), role: values.role },
      {
        onSuccess: (invite) => {
          setCreated(invite);
          form.reset();
        },
      },
    );
  };

  return (
    <Stack gap="md">
      <form onSubmit={form.onSubmit(handleSubmit)} noValidate aria-label="Invite a team member">
        <Group align="flex-end" gap="sm" wrap="wrap">
          <TextInput
            label="Email"
            type="email"
            placeholder="colleague@company.com"
            style={{ flex: 1, minWidth: 220 }}
            {...form.getInputProps('email')}
          />
          <Select
            label="Role"
            w={140}
            data={ROLE_OPTIONS}
            allowDeselect={false}
            {...form.getInputProps('role')}
          />
          <Button type="submit" loading={createInvite.isPending}>
            Create invite
          </Button>
        </Group>
      </form>

      {createInvite.isError && (
        <ErrorAlert error={createInvite.error} fallback="Failed to create invite" />
      )}

      {created?.invite_url && (
        <Alert color="green" title={`Invite created for ${created.email}`}>
          <Stack gap="xs">
            <TextInput
              label="Invite link"
              value={created.invite_url}
              readOnly
              onFocus={(event) => event.currentTarget.select()}
              rightSection={
                <CopyButton value={created.invite_url} timeout={2000}>
                  {({ copied, copy }) => (
                    <Tooltip label={copied ? 'Copied' : 'Copy'} withArrow>
                      <ActionIcon
                        variant="subtle"
                        color={copied ? 'teal' : 'gray'}
                        onClick={copy}
                        aria-label={copied ? 'Copied' : 'Copy invite link'}
                      >
                        {copied ? <IconCheck size={16} /> : <IconCopy size={16} />}
                      </ActionIcon>
                    </Tooltip>
                  )}
                </CopyButton>
              }
            />
            <Text size="sm">
              This link is shown only once. Copy it now and send it to {created.email}; it expires
              on {new Date(created.expires_at).toLocaleString()}.
            </Text>
          </Stack>
        </Alert>
      )}
    </Stack>
  );
}
