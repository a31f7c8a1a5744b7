import { Button, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import type { Me } from '@parser/contracts';

import { ErrorAlert } from '@/components/error-alert';
import { useSubmitAction } from '@/hooks/use-submit-action';

import { DEFAULT_COMPANY_NAME, register } from '../api/register';

export interface SetupCompanyFormProps {
  /** The signed-in user without a company. */
  user: Me;
  /** Receives the profile answered by POST /auth/register. */
  onRegistered: (me: Me) => void;
}

/** Creates the signed-in user's company (POST /auth/register). */
export function SetupCompanyForm({ user, onRegistered }: SetupCompanyFormProps) {
  const form = useForm({
    mode: 'controlled',
    initialValues: { companyName: DEFAULT_COMPANY_NAME },
  });

  const {
    submit: handleSubmit,
    error,
    submitting,
  } = useSubmitAction(async ({ companyName }: { companyName: string }) =>
    onRegistered(await register({ uid: user.uid, email: user.email, tenant_name: companyName })),
  );

  return (
    <form onSubmit={form.onSubmit((values) => void handleSubmit(values))} noValidate>
      <Stack gap="md">
        {error !== null && <ErrorAlert error={error} fallback="Registration failed" />}
        <TextInput label="Company Name" {...form.getInputProps('companyName')} />
        <Button type="submit" fullWidth loading={submitting}>
          Create company
        </Button>
      </Stack>
    </form>
  );
}
