import { Button, PasswordInput, Stack, TextInput } from '@mantine/core';
import { isNotEmpty, useForm } from '@mantine/form';
import { useState } from 'react';

import { ErrorAlert } from '@/components/error-alert';

export interface LoginFormValues {
  email: string;
  password: string;
}

export interface LoginFormProps {
  /** Signs in; a rejection is shown in the red Error alert. */
  onSubmit: (values: LoginFormValues) => Promise<void>;
  /** Submit button text. @default 'Sign In' */
  submitLabel?: string;
  /** Prefilled e-mail. */
  initialEmail?: string;
}

/** E-mail and password form; failures show a red 'Error' alert with the detail or 'Login failed'. */
export function LoginForm({
  onSubmit,
  submitLabel = 'Sign In',
  initialEmail = '',
}: LoginFormProps) {
  const [error, setError] = useState<unknown>(null);
  const [submitting, setSubmitting] = useState(false);
  const form = useForm<LoginFormValues>({
    mode: 'controlled',
    initialValues: { email: initialEmail, password: '' },
    validate: {
      email: isNotEmpty('Email is required'),
      password: isNotEmpty('Password is required'),
    },
  });

  const handleSubmit = async (values: LoginFormValues) => {
    setError(null);
    setSubmitting(true);
    try {
      await onSubmit({ email: values.email.trim(), password: values.password });
    } catch (err) {
      setError(err);
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <form onSubmit={form.onSubmit((values) => void handleSubmit(values))} noValidate>
      <Stack gap="md">
        {error !== null && <ErrorAlert error={error} fallback="Login failed" />}
        <TextInput
          label="Email"
          type="email"
          autoComplete="email"
          placeholder="you@company.com"
          required
          withAsterisk={false}
          {...form.getInputProps('email')}
        />
        <PasswordInput
          label="Password"
          autoComplete="current-password"
          placeholder="Your password"
          required
          withAsterisk={false}
          {...form.getInputProps('password')}
        />
        <Button type="submit" fullWidth loading={submitting}>
          {submitLabel}
        </Button>
      </Stack>
    </form>
  );
}
