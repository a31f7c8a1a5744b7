import { Button, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import type { Me } from '@parser/contracts';
import { useState } from 'react';

import { ErrorAlert } from '@/components/error-alert';

import { DEFAULT_COMPANY_NAME, register } from '../api/register';

export interface SetupCompanyFormProps {
  /** The signed-in user without a company. */
  user: Me;
  /** Receives the profile answered by POST /auth/register. */
  onRegistered: (me: Me) => void;
}

/** Creates the signed-in user's company (POST /auth/register). */
export function SetupCompanyForm({ user, onRegistered }: SetupCompanyFormProps) {
  const [error, setError] = useState<unknown>(null);
  const [submitting, setSubmitting] = useState(false);
  const form = useForm({
    mode: 'controlled',
    initialValues: { companyName: DEFAULT_COMPANY_NAME },
  });

  const handleSubmit = async ({ companyName }: { companyName: string }) => {
    setError(null);
    setSubmitting(true);
    try {
      onRegistered(await register({ uid: user.uid, email: user.email, tenant_name: companyName }));
    } catch (err) {
      setError(err);
    } finally {
      setSubmitting(false);
    }
  };

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
