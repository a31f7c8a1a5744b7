import { Alert, Stack } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { useSearchParams } from 'react-router';

import { AuthCard } from '@/components/auth-card';
import { AuthPageLinks } from '@/features/auth/components/auth-page-links';
import { LoginForm } from '@/features/auth/components/login-form';
import { useAuth } from '@/features/auth/hooks/use-auth';

export function LoginRoute() {
  const { signIn } = useAuth();
  const [searchParams] = useSearchParams();
  const message = searchParams.get('message');

  return (
    <AuthCard title="Welcome back" subtitle="Sign in to your account">
      <Stack gap="md">
        {message && (
          <Alert color="blue" icon={<IconInfoCircle size={18} />}>
            {message}
          </Alert>
        )}
        <LoginForm
          onSubmit={async ({ email, password }) => {
            // Signed in, the app's route table takes over this path and moves on from it.
            await signIn(email, password);
          }}
        />
        <AuthPageLinks question="Don't have an account?" linkLabel="Create one here" to="/signup" />
      </Stack>
    </AuthCard>
  );
}
