import {
  Alert,
  Button,
  Checkbox,
  Fieldset,
  Group,
  NumberInput,
  PasswordInput,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import {
  type ExportConfig,
  type ExportFormatType,
  type ExportSettings,
  WEBHOOK_TIMEOUT,
} from '@parser/contracts';
import { useState } from 'react';

import { parseHeadersJson } from '@/lib/headers-json';

import { useTestWebhook } from '../api/test-webhook';

function isHttpUrl(value: string): boolean {
  try {
    return ['http:', 'https:'].includes(new URL(value).protocol);
  } catch {
    return false;
  }
}

const FORMAT_LABELS: Record<ExportFormatType, string> = {
  csv: 'CSV',
  xlsx: 'Excel (XLSX)',
  json: 'JSON',
  webhook: 'Webhook',
};

export interface ExportSettingsStepProps {
  settings: ExportSettings;
  /** The headers as typed; may be invalid JSON, which is then ignored. */
  headersText: string;
  onChange: (settings: ExportSettings) => void;
  onHeadersTextChange: (text: string) => void;
}

/** Export Settings: auto export, formats, what exports include, and the webhook. */
export function ExportSettingsStep({
  settings,
  headersText,
  onChange,
  onHeadersTextChange,
}: ExportSettingsStepProps) {
  const { config } = settings;
  const setConfig = (patch: Partial<ExportConfig>) =>
    onChange({ ...settings, config: { ...config, ...patch } });
  const webhookEnabled = settings.export_formats.some(
    (format) => format.type === 'webhook' && format.enabled,
  );

  return (
    <Stack gap="lg" maw={820}>
      <Switch
        label="Auto export on approval"
        description="Export a document in the enabled formats as soon as it is approved."
        checked={settings.auto_export_on_approval}
        onChange={(event) =>
          onChange({ ...settings, auto_export_on_approval: event.currentTarget.checked })
        }
      />

      <Stack gap="xs" component="section" aria-labelledby="export-formats">
        <Title order={3} size="h4" id="export-formats">
          Formats
        </Title>
        <Group gap="lg">
          {settings.export_formats.map((format) => (
            <Checkbox
              key={format.type}
              label={FORMAT_LABELS[format.type]}
              checked={format.enabled}
              onChange={(event) => {
                const enabled = event.currentTarget.checked;
                onChange({
                  ...settings,
                  export_formats: settings.export_formats.map((other) =>
                    other.type === format.type ? { ...other, enabled } : other,
                  ),
                });
              }}
            />
          ))}
        </Group>
      </Stack>

      <Stack gap="xs" component="section" aria-labelledby="export-contents">
        <Title order={3} size="h4" id="export-contents">
          Contents
        </Title>
        <Checkbox
          label="Include metadata"
          checked={config.include_metadata}
          onChange={(event) => setConfig({ include_metadata: event.currentTarget.checked })}
        />
        <Checkbox
          label="Include raw extraction"
          checked={config.include_raw}
          onChange={(event) => setConfig({ include_raw: event.currentTarget.checked })}
        />
        <Checkbox
          label="Include reconciliation results"
          checked={config.include_recon}
          onChange={(event) => setConfig({ include_recon: event.currentTarget.checked })}
        />
      </Stack>

      {webhookEnabled && (
        <WebhookSettings
          config={config}
          headersText={headersText}
          onConfigChange={setConfig}
          onHeadersTextChange={onHeadersTextChange}
        />
      )}
    </Stack>
  );
}

interface WebhookSettingsProps {
  config: ExportConfig;
  headersText: string;
  onConfigChange: (patch: Partial<ExportConfig>) => void;
  onHeadersTextChange: (text: string) => void;
}

function WebhookSettings({
  config,
  headersText,
  onConfigChange,
  onHeadersTextChange,
}: WebhookSettingsProps) {
  // What the admin is typing; the saved timeout changes only to whole numbers in range.
  const [timeoutInput, setTimeoutInput] = useState<string | number>(config.timeout);
  const headersIgnored = parseHeadersJson(headersText) === null;
  const webhookTest = useTestWebhook();
  const urlMissing = config.webhook_url.trim() === '';
  const urlError = urlMissing
    ? 'Webhook URL is required to deliver exports'
    : isHttpUrl(config.webhook_url.trim())
      ? undefined
      : 'Webhook URL must be an http or https address';

  return (
    <Fieldset legend="Webhook" radius="md">
      <Stack gap="sm">
        <TextInput
          label="Webhook URL"
          type="url"
          placeholder="https://example.com/hooks/parser"
          value={config.webhook_url}
          error={urlError}
          onChange={(event) => onConfigChange({ webhook_url: event.currentTarget.value })}
        />
        <NumberInput
          label="Timeout (seconds)"
          description={`${WEBHOOK_TIMEOUT.min} to ${WEBHOOK_TIMEOUT.max} seconds`}
          w={220}
          min={WEBHOOK_TIMEOUT.min}
          max={WEBHOOK_TIMEOUT.max}
          allowDecimal={false}
          allowNegative={false}
          clampBehavior="blur"
          value={timeoutInput}
          onChange={(value) => {
            setTimeoutInput(value);
            if (
              typeof value === 'number' &&
              value >= WEBHOOK_TIMEOUT.min &&
              value <= WEBHOOK_TIMEOUT.max
            ) {
              onConfigChange({ timeout: value });
            }
          }}
          onBlur={() => {
            if (typeof timeoutInput !== 'number') setTimeoutInput(config.timeout);
          }}
        />
        <Textarea
          label="Headers (JSON)"
          description='Extra request headers, e.g. {"X-Source": "parser"}'
          placeholder="{}"
          resize="vertical"
          rows={3}
          styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
          value={headersText}
          error={
            headersIgnored
              ? 'Not a valid JSON object: ignored, the last valid headers are kept'
              : undefined
          }
          onChange={(event) => onHeadersTextChange(event.currentTarget.value)}
        />
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput
            label="API key header"
            placeholder="X-API-Key"
            value={config.api_key_header}
            onChange={(event) => onConfigChange({ api_key_header: event.currentTarget.value })}
          />
          <PasswordInput
            label="API key value"
            value={config.api_key_value}
            onChange={(event) => onConfigChange({ api_key_value: event.currentTarget.value })}
          />
        </SimpleGrid>
        <PasswordInput
          label="Bearer token"
          description="Sent as Authorization: Bearer …"
          value={config.auth_token}
          onChange={(event) => onConfigChange({ auth_token: event.currentTarget.value })}
        />
        <Group gap="sm" align="center">
          <Button
            variant="default"
            disabled={urlError !== undefined}
            loading={webhookTest.isPending}
            onClick={() => webhookTest.mutate(config)}
          >
            Test Webhook
          </Button>
          <Text size="xs" c="dimmed">
            Your browser posts a test event to this URL.
          </Text>
        </Group>
        {webhookTest.data && (
          <Alert color={webhookTest.data.ok ? 'green' : 'red'} role="status">
            {webhookTest.data.message}
          </Alert>
        )}
      </Stack>
    </Fieldset>
  );
}
