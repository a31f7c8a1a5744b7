import { Button, Code, CopyButton, Group, Loader, Stack, Text, TextInput } from '@mantine/core';
import { IconCheck, IconCopy, IconEye, IconEyeOff, IconRefresh } from '@tabler/icons-react';
import { useState } from 'react';

import { ConfirmModal } from '@/components/confirm-modal';
import { ErrorAlert } from '@/components/error-alert';
import { notifyError, notifySuccess } from '@/lib/notify';

import { useWebhookSecret } from '../api/get-webhook-secret';
import { useRotateWebhookSecret } from '../api/rotate-webhook-secret';

/** Stands in for the secret while it is hidden; the secret itself stays out of the page. */
const MASK = '•'.repeat(32);

/** The secret that signs webhook deliveries: masked, with Show, Copy and Rotate behind a confirm. */
export function WebhookSecretPanel() {
  const secret = useWebhookSecret();
  const rotate = useRotateWebhookSecret();
  const [shown, setShown] = useState(false);
  const [confirmOpen, setConfirmOpen] = useState(false);

  if (secret.isPending) return <Loader size="sm" aria-label="Loading signing secret" />;
  if (secret.isError)
    return <ErrorAlert error={secret.error} fallback="Failed to load the signing secret" />;

  const confirmRotate = () =>
    rotate.mutate(undefined, {
      onSuccess: () =>
        notifySuccess(
          'Signing secret rotated',
          'Update your webhook receivers with the new secret.',
        ),
      onError: (error) => notifyError(error),
      onSettled: () => setConfirmOpen(false),
    });

  return (
    <Stack gap="sm">
      <Group align="flex-end" gap="sm" wrap="wrap">
        <TextInput
          label="Signing secret"
          value={shown ? secret.data.secret : MASK}
          readOnly
          style={{ flex: 1, minWidth: 260 }}
          styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
        />
        <Button
          variant="default"
          leftSection={shown ? <IconEyeOff size={16} /> : <IconEye size={16} />}
          onClick={() => setShown((value) => !value)}
        >
          {shown ? 'Hide' : 'Show'}
        </Button>
        <CopyButton value={secret.data.secret} timeout={2000}>
          {({ copied, copy }) => (
            <Button
              variant="default"
              color={copied ? 'teal' : undefined}
              leftSection={copied ? <IconCheck size={16} /> : <IconCopy size={16} />}
              onClick={copy}
            >
              {copied ? 'Copied' : 'Copy'}
            </Button>
          )}
        </CopyButton>
        <Button
          color="red"
          variant="light"
          leftSection={<IconRefresh size={16} />}
          onClick={() => setConfirmOpen(true)}
        >
          Rotate
        </Button>
      </Group>
      <Text size="sm" c="dimmed">
        Each delivery carries <Code>X-Parser-Signature: t=…,v1=…</Code>: receivers compute the
        HMAC-SHA256 of <Code>{'{t}.{raw body}'}</Code> with this secret and accept the delivery when
        it equals v1.
      </Text>
      <ConfirmModal
        opened={confirmOpen}
        title="Rotate signing secret"
        confirmLabel="Rotate secret"
        onConfirm={confirmRotate}
        onClose={() => setConfirmOpen(false)}
        loading={rotate.isPending}
      >
        <Text size="sm">
          Deliveries will be signed with a new secret from now on. Receivers that still check the
          old secret will reject them until you update them with the new one.
        </Text>
      </ConfirmModal>
    </Stack>
  );
}
