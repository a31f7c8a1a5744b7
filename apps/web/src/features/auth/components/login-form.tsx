import { Button, PasswordInput, Stack, TextInput } from '@mantine/core';
import { isNotEmpty, useForm } from '@mantine/form';

import { ErrorAlert } from '@/components/error-alert';
import { useSubmitAction } from '@/hooks/use-submit-action';

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
  const form = useForm<LoginFormValues>({
    mode: 'controlled',
    initialValues: { email: initialEmail, password: '' },
    validate: {
      email: isNotEmpty('Email is required'),
      password: isNotEmpty('Password is required'),
    },
  });

  const {
    submit: handleSubmit,
    error,
    submitting,
  } = useSubmitAction((values: LoginFormValues) =>
    onSubmit({ email: values.email.trim(), password: values.password }),
  );

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
