import { TextInput } from '@mantine/core';
import { isNotEmpty, useForm } from '@mantine/form';
import { PASSWORD_RULE } from '@parser/contracts';

import { useSubmitAction } from '@/hooks/use-submit-action';

import { usePasswordProblem } from '../hooks/use-password-problem';
import { AuthEmailInput, AuthForm, RequiredPasswordInput } from './auth-form';

export interface SignupFormValues {
  email: string;
  companyName: string;
  password: string;
  confirmPassword: string;
}

export interface SignupFormProps {
  /** Creates the account; a rejection is shown in the red Error alert. */
  onSubmit: (values: SignupFormValues) => Promise<void>;
  /** Submit button text. @default 'Create Account' */
  submitLabel?: string;
  /** Show the 'Company Name (Optional)' field. @default true */
  withCompanyName?: boolean;
  /** Prefilled e-mail (the invite's address). */
  initialEmail?: string;
}

/**
 * Sign-up form: e-mail, optional company, password twice ('Passwords do not match'), with the
 * password rule stated under the field; a password that breaks it is refused, saying why, before
 * anything is sent.
 */
export function SignupForm({
  onSubmit,
  submitLabel = 'Create Account',
  withCompanyName = true,
  initialEmail = '',
}: SignupFormProps) {
  const form = useForm<SignupFormValues>({
    mode: 'controlled',
    initialValues: { email: initialEmail, companyName: '', password: '', confirmPassword: '' },
    validate: {
      email: isNotEmpty('Email is required'),
      password: isNotEmpty('Password is required'),
      confirmPassword: (value, values) =>
        value !== values.password ? 'Passwords do not match' : null,
    },
  });

  const passwordProblem = usePasswordProblem();
  const {
    submit: handleSubmit,
    error,
    submitting,
  } = useSubmitAction(async (values: SignupFormValues) => {
    const email = values.email.trim();
    const problem = await passwordProblem(values.password, email);
    if (problem) {
      form.setFieldError('password', problem);
      return;
    }
    await onSubmit({ ...values, email, companyName: values.companyName.trim() });
  });

  return (
    <AuthForm
      onSubmit={form.onSubmit((values) => void handleSubmit(values))}
      error={error}
      errorFallback="Registration failed"
      submitting={submitting}
      submitLabel={submitLabel}
    >
      <AuthEmailInput label="Email Address" inputProps={form.getInputProps('email')} />
      {withCompanyName && (
        <TextInput
          label="Company Name (Optional)"
          autoComplete="organization"
          placeholder="My Company"
          {...form.getInputProps('companyName')}
        />
      )}
      <RequiredPasswordInput
        label="Password"
        autoComplete="new-password"
        placeholder="Choose a password"
        description={PASSWORD_RULE}
        {...form.getInputProps('password')}
      />
      <RequiredPasswordInput
        label="Confirm Password"
        autoComplete="new-password"
        placeholder="Repeat the password"
        {...form.getInputProps('confirmPassword')}
      />
    </AuthForm>
  );
}
