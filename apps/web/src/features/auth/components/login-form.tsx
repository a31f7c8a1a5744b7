import { isNotEmpty, useForm } from '@mantine/form';

import { useSubmitAction } from '@/hooks/use-submit-action';

import { AuthEmailInput, AuthForm, RequiredPasswordInput } from './auth-form';

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
    <AuthForm
      onSubmit={form.onSubmit((values) => void handleSubmit(values))}
      error={error}
      errorFallback="Login failed"
      submitting={submitting}
      submitLabel={submitLabel}
    >
      <AuthEmailInput label="Email" inputProps={form.getInputProps('email')} />
      <RequiredPasswordInput
        label="Password"
        autoComplete="current-password"
        placeholder="Your password"
        {...form.getInputProps('password')}
      />
    </AuthForm>
  );
}
