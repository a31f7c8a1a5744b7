import { Alert, Badge, Button, Code, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconAlertCircle, IconRefresh } from '@tabler/icons-react';

import { PageHeader } from '@/components/page-header';
import { useMe } from '@/features/auth/api/get-me';
import { useHealth } from '@/features/health/api/get-health';
import { getErrorMessage } from '@/lib/api-client';

/** /test: calls /health and /auth/me and shows what came back. */
export function ApiTestRoute() {
  const health = useHealth();
  const me = useMe();
  const loading = health.isFetching || me.isFetching;
  const error = health.error ?? me.error;
  const status = loading ? 'Testing...' : error ? 'Failed' : 'Connected';

  return (
    <>
      <PageHeader
        title="API Connection Test"
        subtitle="Checks the health endpoint and the current-user endpoint"
        actions={
          <Button
            leftSection={<IconRefresh size={16} />}
            loading={loading}
            onClick={() => {
              void health.refetch();
              void me.refetch();
            }}
          >
            Retry
          </Button>
        }
      />
      <Stack gap="md">
        <Paper withBorder p="md" radius="md">
          <Group gap="sm">
            <Text fw={600}>Status:</Text>
            <Badge color={loading ? 'blue' : error ? 'red' : 'green'} data-testid="api-status">
              {status}
            </Badge>
            {health.data && (
              <Text size="sm" c="dimmed">
                API {health.data.status}, database {health.data.database}, version{' '}
                {health.data.version}
              </Text>
            )}
          </Group>
        </Paper>

        {error && !loading && (
          <Alert color="red" title="API connection failed" icon={<IconAlertCircle size={18} />}>
            {getErrorMessage(error)}
          </Alert>
        )}

        {me.data && (
          <Paper withBorder p="md" radius="md">
            <Title order={3} size="h4" mb="sm">
              User data
            </Title>
            <Code block>{JSON.stringify(me.data, null, 2)}</Code>
          </Paper>
        )}
      </Stack>
    </>
  );
}
