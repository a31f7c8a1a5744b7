import { Alert, Stack } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useNavigate } from 'react-router';

import { AuthCard } from '@/components/auth-card';
import { AuthPageLinks } from '@/features/auth/components/auth-page-links';
import { SignupForm } from '@/features/auth/components/signup-form';
import { useAuth } from '@/features/auth/hooks/use-auth';

export function SignupRoute() {
  const { signUp } = useAuth();
  const navigate = useNavigate();

  return (
    <AuthCard title="Create your account" subtitle="Start processing documents with Parser">
      <Stack gap="md">
        <Alert color="orange" title="Work in Progress" icon={<IconAlertTriangle size={18} />}>
          Parser is a work in progress. Features may change and data may be reset while the service
          is being built.
        </Alert>
        <SignupForm
          onSubmit={async ({ email, password, companyName }) => {
            await signUp({ email, password, companyName });
            await navigate('/dashboard');
          }}
        />
        <AuthPageLinks question="Already have an account?" linkLabel="Sign in here" to="/login" />
      </Stack>
    </AuthCard>
  );
}
