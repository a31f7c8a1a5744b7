import { Button, Group, Select, Stack, Text, TextInput } from '@mantine/core';
import { isEmail, useForm } from '@mantine/form';
import { Role } from '@parser/contracts';

import { ErrorAlert } from '@/components/error-alert';
import { ShownOnceSecret } from '@/components/shown-once-secret';
import { useCreateShownOnce } from '@/hooks/use-create-shown-once';

import { useCreateInvite } from '../api/create-invite';

const ROLE_OPTIONS = Role.options.map((role) => ({ value: role, label: role }));

interface InviteFormValues {
  email: string;
  role: Role;
}

/** Admins invite a colleague by e-mail; the link is shown once, with a Copy button. */
export function InviteForm() {
  const createInvite = useCreateInvite();
  const form = useForm<InviteFormValues>({
    mode: 'controlled',
    initialValues: { email: '', role: 'member' },
    validate: { email: isEmail('Enter a valid email address') },
  });

  const { created, create } = useCreateShownOnce(createInvite, () => form.reset());

  const handleSubmit = (values: InviteFormValues) =>
    create({ email: values.email.trim(), role: values.role });

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
        <ShownOnceSecret
          title={`Invite created for ${created.email}`}
          label="Invite link"
          value={created.invite_url}
          copyLabel="Copy invite link"
        >
          <Text size="sm">
            This link is shown only once. Copy it now and send it to {created.email}; it expires on{' '}
            {new Date(created.expires_at).toLocaleString()}.
          </Text>
        </ShownOnceSecret>
      )}
    </Stack>
  );
}
