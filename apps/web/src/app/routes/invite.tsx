import { Alert, Anchor, Button, Loader, Stack, Tabs, Text } from '@mantine/core';
import type { TokenPair } from '@parser/contracts';
import { IconAlertCircle } from '@tabler/icons-react';
import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';

import { AuthCard } from '@/components/auth-card';
import { ErrorAlert } from '@/components/error-alert';
import { login } from '@/features/auth/api/login';
import { signup } from '@/features/auth/api/signup';
import { LoginForm } from '@/features/auth/components/login-form';
import { SignupForm } from '@/features/auth/components/signup-form';
import { useAuth } from '@/features/auth/hooks/use-auth';
import { acceptInvite } from '@/features/invites/api/accept-invite';
import { useInvitePreview } from '@/features/invites/api/get-invite-preview';
import { ApiError, getErrorMessage } from '@/lib/api-client';

/** /invite/:token: join a company, signing up or in first when needed. */
export function InviteRoute() {
  const { token = '' } = useParams();
  const { status, user, startSession, reloadProfile, signOut } = useAuth();
  const navigate = useNavigate();
  const preview = useInvitePreview(token);
  const [joinError, setJoinError] = useState<unknown>(null);
  const [joining, setJoining] = useState(false);

  /** Accept with the current session, then reload the profile and open the dashboard. */
  const join = async () => {
    await acceptInvite(token);
    const me = await reloadProfile();
    if (me) await navigate('/dashboard');
  };

  /**
   * Signed-out paths: authenticate WITHOUT /auth/register (the invite provides the company),
   * then accept. If accepting fails the user is still signed in, so announce them and show why.
   */
  const authenticateAndJoin = async (authenticate: () => Promise<TokenPair>) => {
    startSession(await authenticate());
    try {
      await join();
    } catch (error) {
      setJoinError(error);
      await reloadProfile();
    }
  };

  const handleJoinClick = async () => {
    setJoinError(null);
    setJoining(true);
    try {
      await join();
    } catch (error) {
      setJoinError(error);
    } finally {
      setJoining(false);
    }
  };

  if (preview.isPending) {
    return (
      <AuthCard title="Invitation">
        <Stack align="center">
          <Loader aria-label="Loading invite" />
        </Stack>
      </AuthCard>
    );
  }

  if (preview.isError) {
    return (
      <AuthCard title="Invitation">
        <Stack gap="md">
          <Alert color="red" title="Error" icon={<IconAlertCircle size={18} />}>
            {getErrorMessage(preview.error, 'This invite link is invalid or has expired')}
          </Alert>
          <Anchor component={Link} to="/" ta="center" size="sm">
            Back to Home
          </Anchor>
        </Stack>
      </AuthCard>
    );
  }

  const invite = preview.data;
  const title = `Join ${invite.tenant_name}`;
  const subtitle = `You have been invited as ${invite.role} (${invite.email})`;

  if (status === 'authenticated' && user) {
    const alreadyMember = joinError instanceof ApiError && joinError.code === 'CONFLICT';
    return (
      <AuthCard title={title} subtitle={subtitle}>
        <Stack gap="md">
          <Text size="sm" c="dimmed" ta="center">
            Signed in as {user.email}
          </Text>
          {joinError !== null && <ErrorAlert error={joinError} fallback="Failed to join" />}
          <Button fullWidth loading={joining} onClick={() => void handleJoinClick()}>
            {title}
          </Button>
          {alreadyMember && user.tenant && (
            <Button component={Link} to="/dashboard" variant="default" fullWidth>
              Go to Dashboard
            </Button>
          )}
          <Button
            variant="subtle"
            color="gray"
            onClick={() => {
              void signOut();
            }}
          >
            Sign in with a different account
          </Button>
        </Stack>
      </AuthCard>
    );
  }

  return (
    <AuthCard title={title} subtitle={subtitle} width={480}>
      <Tabs defaultValue="signup" keepMounted={false}>
        <Tabs.List grow mb="md">
          <Tabs.Tab value="signup">New account</Tabs.Tab>
          <Tabs.Tab value="login">Existing account</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="signup">
          <SignupForm
            withCompanyName={false}
            initialEmail={invite.email}
            submitLabel="Create account and join"
            onSubmit={({ email, password }) =>
              authenticateAndJoin(() => signup({ email, password }))
            }
          />
        </Tabs.Panel>
        <Tabs.Panel value="login">
          <LoginForm
            initialEmail={invite.email}
            submitLabel="Sign in and join"
            onSubmit={({ email, password }) =>
              authenticateAndJoin(() => login({ email, password }))
            }
          />
        </Tabs.Panel>
      </Tabs>
    </AuthCard>
  );
}
