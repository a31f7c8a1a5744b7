import {
  Alert,
  Button,
  Center,
  Group,
  Loader,
  Modal,
  PasswordInput,
  Stack,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { isNotEmpty, useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import type { ExportConfig, ExportItem, WebhookExportResult } from '@parser/contracts';
import { useState } from 'react';

import { getErrorMessage } from '@/lib/api-client';
import { parseHeadersJson } from '@/lib/headers-json';

import { useSendWebhook } from '../api/send-webhook';
import {
  HEADERS_JSON_ERROR,
  webhookFormDefaults,
  type WebhookFormValues,
  webhookHeaders,
} from '../utils/webhook-form';

const SENT_SUCCESSFULLY = '✅ Sent successfully';

/** Spec section 2: the outcome line of a send that the receiver did not accept. */
function failureText(result: WebhookExportResult): string {
  if (result.status_code !== null) return `❌ Failed (status ${result.status_code})`;
  return `❌ Error: ${result.error ?? 'No answer from the webhook'}`;
}

interface WebhookFormProps {
  pipelineId: string;
  defaults: WebhookFormValues;
  onClose: () => void;
}

function WebhookForm({ pipelineId, defaults, onClose }: WebhookFormProps) {
  const send = useSendWebhook(pipelineId);
  const [outcome, setOutcome] = useState<string | null>(null);
  const form = useForm<WebhookFormValues>({
    mode: 'controlled',
    initialValues: defaults,
    validate: {
      url: isNotEmpty('Webhook URL is required'),
      headersText: (text) => (parseHeadersJson(text) === null ? HEADERS_JSON_ERROR : null),
    },
  });

  const handleSubmit = (values: WebhookFormValues) => {
    const headers = webhookHeaders(values);
    // Validation has already refused invalid JSON; this only narrows the type.
    if (headers === null) return;
    setOutcome(null);
    send.mutate(
      { url: values.url.trim(), headers },
      {
        onSuccess: (result) => {
          if (!result.success) {
            setOutcome(failureText(result));
            return;
          }
          notifications.show({ color: 'green', message: SENT_SUCCESSFULLY });
          onClose();
        },
        onError: (error) => setOutcome(`❌ Error: ${getErrorMessage(error)}`),
      },
    );
  };

  return (
    <form onSubmit={form.onSubmit(handleSubmit)} noValidate aria-label="Send to webhook">
      <Stack gap="md">
        <TextInput
          label="Webhook URL"
          placeholder="https://example.com/webhooks/parser"
          required
          {...form.getInputProps('url')}
        />
        <Group grow align="flex-start">
          <TextInput
            label="API key header"
            placeholder="X-API-Key"
            {...form.getInputProps('apiKeyHeader')}
          />
          <PasswordInput label="API key value" {...form.getInputProps('apiKeyValue')} />
        </Group>
        <Textarea
          label="Headers"
          description="A JSON object of extra request headers"
          rows={4}
          styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
          {...form.getInputProps('headersText')}
        />
        {outcome && (
          <Alert color="red" role="alert">
            {outcome}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose} disabled={send.isPending}>
            Cancel
          </Button>
          <Button type="submit" loading={send.isPending}>
            Send
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

export interface WebhookModalProps {
  /** The document to send; the modal is open while one is set. */
  item: ExportItem | null;
  /** The document type's export settings, whose webhook setting prefills the form. */
  config: ExportConfig | undefined;
  /** The type's settings are still loading: the form waits so it starts prefilled. */
  loadingConfig: boolean;
  /** Called on Cancel, after a successful send, on Escape or a click outside. */
  onClose: () => void;
}

/** Spec section 2: send one approved document's JSON export to a webhook now. */
export function WebhookModal({ item, config, loadingConfig, onClose }: WebhookModalProps) {
  return (
    <Modal opened={item !== null} onClose={onClose} title="Send to Webhook" size="lg" centered>
      {item && (
        <Stack gap="md">
          <Text size="sm" c="dimmed">
            {item.original_filename} · {item.doc_type_name || item.doc_type_id}
          </Text>
          {loadingConfig ? (
            <Center py="md">
              <Loader size="sm" aria-label="Loading webhook settings" />
            </Center>
          ) : (
            <WebhookForm
              // A fresh form per document, started from that document's type.
              key={item.pipeline_id}
              pipelineId={item.pipeline_id}
              defaults={webhookFormDefaults(config)}
              onClose={onClose}
            />
          )}
        </Stack>
      )}
    </Modal>
  );
}
