import { Button, PasswordInput, Stack } from '@mantine/core';
import { isNotEmpty, useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { PASSWORD_RULE } from '@parser/contracts';

import { ErrorAlert } from '@/components/error-alert';

import { useChangePassword } from '../api/change-password';
import { useAuth } from '../hooks/use-auth';
import { usePasswordProblem } from '../hooks/use-password-problem';

interface ChangePasswordValues {
  currentPassword: string;
  newPassword: string;
  confirmPassword: string;
}

/**
 * Current, new and confirmed password; a new password that breaks the rule is refused, saying why,
 * before anything is sent. Success shows the 'Password changed' notification.
 */
export function ChangePasswordForm() {
  const changePassword = useChangePassword();
  const { user } = useAuth();
  const passwordProblem = usePasswordProblem();
  const form = useForm<ChangePasswordValues>({
    mode: 'controlled',
    initialValues: { currentPassword: '', newPassword: '', confirmPassword: '' },
    validate: {
      currentPassword: isNotEmpty('Current password is required'),
      newPassword: isNotEmpty('New password is required'),
      confirmPassword: (value, values) =>
        value !== values.newPassword ? 'Passwords do not match' : null,
    },
  });

  const handleSubmit = async (values: ChangePasswordValues) => {
    const problem = await passwordProblem(values.newPassword, user?.email ?? '');
    if (problem) {
      form.setFieldError('newPassword', problem);
      return;
    }
    changePassword.mutate(
      { current_password: values.currentPassword, new_password: values.newPassword },
      {
        onSuccess: () => {
          form.reset();
          notifications.show({
            color: 'green',
            title: 'Password changed',
            message: 'Your password has been updated.',
          });
        },
      },
    );
  };

  return (
    <form
      onSubmit={form.onSubmit((values) => void handleSubmit(values))}
      noValidate
      aria-label="Change password"
    >
      <Stack gap="md" maw={420}>
        {changePassword.isError && (
          <ErrorAlert error={changePassword.error} fallback="Failed to change password" />
        )}
        <PasswordInput
          label="Current password"
          autoComplete="current-password"
          {...form.getInputProps('currentPassword')}
        />
        <PasswordInput
          label="New password"
          autoComplete="new-password"
          description={PASSWORD_RULE}
          {...form.getInputProps('newPassword')}
        />
        <PasswordInput
          label="Confirm new password"
          autoComplete="new-password"
          {...form.getInputProps('confirmPassword')}
        />
        <Button
          type="submit"
          loading={changePassword.isPending}
          style={{ alignSelf: 'flex-start' }}
        >
          Change password
        </Button>
      </Stack>
    </form>
  );
}
