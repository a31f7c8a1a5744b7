import { Button, PasswordInput, type PasswordInputProps, Stack, TextInput } from '@mantine/core';
import type { FormEventHandler, ReactNode } from 'react';

import { ErrorAlert } from '@/components/error-alert';

export interface AuthFormProps {
  /** The form's submit handler (validation included). */
  onSubmit: FormEventHandler<HTMLFormElement>;
  /** The last attempt's error, shown in the red Error alert; null when there is none. */
  error: unknown;
  /** The alert's text when the error carries no message. */
  errorFallback: string;
  /** The submit button shows it is busy. */
  submitting: boolean;
  /** Submit button text. */
  submitLabel: string;
  /** The fields. */
  children: ReactNode;
}

/** A sign-in style form: the error alert on top, the fields, and a full-width submit button. */
export function AuthForm({
  onSubmit,
  error,
  errorFallback,
  submitting,
  submitLabel,
  children,
}: AuthFormProps) {
  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="md">
        {error !== null && <ErrorAlert error={error} fallback={errorFallback} />}
        {children}
        <Button type="submit" fullWidth loading={submitting}>
          {submitLabel}
        </Button>
      </Stack>
    </form>
  );
}

export interface AuthEmailInputProps {
  label: string;
  /** The form's input props for the e-mail (value, onChange, error). */
  inputProps: object;
}

/** The required e-mail field of the sign-in and sign-up forms. */
export function AuthEmailInput({ label, inputProps }: AuthEmailInputProps) {
  return (
    <TextInput
      label={label}
      type="email"
      autoComplete="email"
      placeholder="you@company.com"
      required
      withAsterisk={false}
      {...inputProps}
    />
  );
}

/** A required password field without the asterisk, as the sign-in and sign-up forms show it. */
export function RequiredPasswordInput(props: PasswordInputProps) {
  return <PasswordInput required withAsterisk={false} {...props} />;
}
