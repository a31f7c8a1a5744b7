import { Button, Group, Select, Stack, Text } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';

import { getErrorMessage, refreshAccessToken } from '@/lib/api-client';

import { useSetupTenant } from '../api/setup-tenant';

/** Spec section 4: the page reloads about 2 s + 1 s after a successful setup. */
const RELOAD_DELAY_MS = 3000;
/** A failure message disappears after 5 s. */
const ERROR_VISIBLE_MS = 5000;

type Outcome = { kind: 'success' | 'error'; text: string };

/**
 * The 'Current Tenant' selector: Connect repairs the user's tenant claims, refreshes the access
 * token so it carries them, and reloads the page.
 */
export function TenantConnect() {
  const setupTenant = useSetupTenant();
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const timers = useRef<ReturnType<typeof setTimeout>[]>([]);

  useEffect(() => {
    const pending = timers.current;
    return () => pending.forEach(clearTimeout);
  }, []);

  const connect = async () => {
    setOutcome(null);
    try {
      const result = await setupTenant.mutateAsync();
      setOutcome({ kind: 'success', text: result.message });
      await refreshAccessToken();
      timers.current.push(setTimeout(() => window.location.reload(), RELOAD_DELAY_MS));
    } catch (error) {
      setOutcome({ kind: 'error', text: `Error: ${getErrorMessage(error)}` });
      timers.current.push(setTimeout(() => setOutcome(null), ERROR_VISIBLE_MS));
    }
  };

  return (
    <Stack gap={4}>
      <Group gap="xs" align="flex-end">
        <Select
          label="Current Tenant"
          data={['1']}
          value="1"
          allowDeselect={false}
          w={140}
          size="sm"
        />
        <Button variant="default" onClick={() => void connect()} loading={setupTenant.isPending}>
          Connect
        </Button>
      </Group>
      {outcome && (
        <Text
          size="sm"
          c={outcome.kind === 'success' ? 'green' : 'red'}
          role={outcome.kind === 'error' ? 'alert' : 'status'}
        >
          {outcome.text}
        </Text>
      )}
    </Stack>
  );
}
