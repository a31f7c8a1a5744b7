import {
  Alert,
  Button,
  Center,
  Group,
  Loader,
  Modal,
  Paper,
  Stack,
  Table,
  Text,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { WebhookDelivery } from '@parser/contracts';
import dayjs from 'dayjs';

import { ErrorAlert } from '@/components/error-alert';
import { notifyError } from '@/lib/notify';

import { useDeliveries } from '../api/get-deliveries';
import { useResendDelivery } from '../api/resend-delivery';
import { DeliveryStatusBadge } from './delivery-status-badge';

const DATE_FORMAT = 'MMM D, YYYY HH:mm';

/** What the receiver answered, or why there was no answer. */
function attemptResult(attempt: WebhookDelivery['attempt_log'][number]): string {
  if (attempt.status_code !== null) {
    return attempt.error
      ? `HTTP ${attempt.status_code}: ${attempt.error}`
      : `HTTP ${attempt.status_code}`;
  }
  return attempt.error ?? 'No answer';
}

function resendOutcome(delivery: WebhookDelivery) {
  switch (delivery.status) {
    case 'delivered':
      return { color: 'green', message: '✅ Delivered again' };
    case 'pending':
      return { color: 'blue', message: 'Resend queued: it will be retried if it fails' };
    case 'failed':
      return {
        color: 'red',
        message:
          delivery.last_status_code !== null
            ? `❌ Failed (status ${delivery.last_status_code})`
            : `❌ Error: ${delivery.last_error ?? 'No answer from the webhook'}`,
      };
  }
}

interface DeliveryCardProps {
  delivery: WebhookDelivery;
}

function DeliveryCard({ delivery }: DeliveryCardProps) {
  const resend = useResendDelivery();
  const created = dayjs(delivery.created_at).format(DATE_FORMAT);

  const handleResend = () =>
    resend.mutate(delivery.id, {
      onSuccess: (next) => notifications.show(resendOutcome(next)),
      onError: (error) => notifyError(error, 'Resend failed'),
    });

  return (
    <Paper withBorder p="md" radius="md" component="article" aria-label={`Delivery of ${created}`}>
      <Group justify="space-between" align="flex-start" mb="sm" wrap="nowrap">
        <Stack gap={2} style={{ minWidth: 0 }}>
          <Group gap="xs">
            <DeliveryStatusBadge delivery={delivery} />
            <Text size="sm" c="dimmed">
              {delivery.trigger === 'auto' ? 'On approval' : 'Sent by hand'} · {created}
            </Text>
          </Group>
          <Text size="sm" ff="monospace" truncate="end" title={delivery.url}>
            {delivery.url}
          </Text>
          {delivery.status === 'pending' && delivery.next_attempt_at && (
            <Text size="xs" c="dimmed">
              Next attempt {dayjs(delivery.next_attempt_at).format(DATE_FORMAT)}
            </Text>
          )}
          {delivery.delivered_at && (
            <Text size="xs" c="dimmed">
              Delivered {dayjs(delivery.delivered_at).format(DATE_FORMAT)}
            </Text>
          )}
        </Stack>
        {delivery.status !== 'pending' && (
          <Button size="xs" variant="light" loading={resend.isPending} onClick={handleResend}>
            Resend
          </Button>
        )}
      </Group>
      {delivery.attempt_log.length === 0 ? (
        <Text size="sm" c="dimmed">
          No attempts yet.
        </Text>
      ) : (
        <Table verticalSpacing={4} aria-label="Delivery attempts">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>#</Table.Th>
              <Table.Th>Time</Table.Th>
              <Table.Th>Result</Table.Th>
              <Table.Th>Duration</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {delivery.attempt_log.map((attempt) => (
              <Table.Tr key={attempt.attempt}>
                <Table.Td>{attempt.attempt}</Table.Td>
                <Table.Td>{dayjs(attempt.at).format(DATE_FORMAT)}</Table.Td>
                <Table.Td>{attemptResult(attempt)}</Table.Td>
                <Table.Td>{attempt.duration_ms} ms</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </Paper>
  );
}

export interface DeliveryDetailsModalProps {
  /** The document whose deliveries to list; the modal is open while one is set. */
  pipelineId: string | null;
  /** The document's file name, for the title. */
  fileName: string;
  onClose: () => void;
}

/** Every webhook delivery of one document with its attempts, and Resend for finished ones. */
export function DeliveryDetailsModal({ pipelineId, fileName, onClose }: DeliveryDetailsModalProps) {
  const deliveries = useDeliveries(pipelineId ?? '', { enabled: pipelineId !== null });

  let content;
  if (deliveries.isError) {
    content = <ErrorAlert error={deliveries.error} fallback="Failed to load deliveries" />;
  } else if (deliveries.isPending) {
    content = (
      <Center py="md">
        <Loader size="sm" aria-label="Loading deliveries" />
      </Center>
    );
  } else if (deliveries.data.length === 0) {
    content = <Alert color="gray">This document has not been sent to a webhook yet.</Alert>;
  } else {
    content = deliveries.data.map((delivery) => (
      <DeliveryCard key={delivery.id} delivery={delivery} />
    ));
  }

  return (
    <Modal
      opened={pipelineId !== null}
      onClose={onClose}
      title={`Webhook deliveries: ${fileName}`}
      size="lg"
      centered
    >
      <Stack gap="md">{content}</Stack>
    </Modal>
  );
}
