import { Alert, Anchor, Group, Stack, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { Link, useNavigate } from 'react-router';

import { AuthCard } from '@/components/auth-card';
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
        <Text size="sm" ta="center">
          Already have an account?{' '}
          <Anchor component={Link} to="/login">
            Sign in here
          </Anchor>
        </Text>
        <Group justify="center">
          <Anchor component={Link} to="/" size="sm" c="dimmed">
            Back to Home
          </Anchor>
        </Group>
      </Stack>
    </AuthCard>
  );
}
