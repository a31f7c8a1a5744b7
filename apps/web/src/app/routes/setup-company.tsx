import { Button, Stack, Text } from '@mantine/core';
import { useNavigate } from 'react-router';

import { AuthCard } from '@/components/auth-card';
import { SetupCompanyForm } from '@/features/auth/components/setup-company-form';
import { useAuth } from '@/features/auth/hooks/use-auth';

/** Shown instead of the shell to a signed-in user who belongs to no company yet. */
export function SetupCompanyRoute() {
  const { user, setUser, signOut } = useAuth();
  const navigate = useNavigate();
  if (!user) return null;

  return (
    <AuthCard title="Set up your company" subtitle={`Signed in as ${user.email}`}>
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          Your account is not part of a company yet. Create one to start using Parser; you will be
          its admin and can invite your team from Settings.
        </Text>
        <SetupCompanyForm
          user={user}
          onRegistered={(me) => {
            setUser(me);
            void navigate('/dashboard');
          }}
        />
        <Button
          variant="subtle"
          color="gray"
          onClick={() => {
            void signOut();
          }}
        >
          Logout
        </Button>
      </Stack>
    </AuthCard>
  );
}
