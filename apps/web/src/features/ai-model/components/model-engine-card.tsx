import { Alert, Badge, Group, Loader, SimpleGrid, Stack, Switch, Text, Title } from '@mantine/core';
import type { ModelStatus } from '@parser/contracts';
import dayjs from 'dayjs';

import { ErrorAlert } from '@/components/error-alert';
import { notifyError } from '@/lib/notify';

import { useModelStatus } from '../api/get-model-status';
import { useSetDocTypeModel } from '../api/set-doc-type-model';

const numberFormat = new Intl.NumberFormat('en-US');

interface ModelEngineCardProps {
  /** Admins turn the model on or off per document type; everyone else sees the choice. */
  canEdit: boolean;
}

function Figure({ label, value }: { label: string; value: string }) {
  return (
    <Stack gap={0}>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text fw={600}>{value}</Text>
    </Stack>
  );
}

function Usage({ usage }: { usage: ModelStatus['usage'] }) {
  return (
    <SimpleGrid cols={{ base: 2, sm: 4 }} aria-label="Model usage">
      <Figure label="Requests" value={numberFormat.format(usage.requests)} />
      <Figure label="Kept the offline result" value={numberFormat.format(usage.fallbacks)} />
      <Figure
        label="Tokens (in / out)"
        value={`${numberFormat.format(usage.input_tokens)} / ${numberFormat.format(usage.output_tokens)}`}
      />
      <Figure
        label="Average answer time"
        value={
          usage.average_latency_ms === null
            ? '—'
            : `${(usage.average_latency_ms / 1000).toFixed(1)} s`
        }
      />
    </SimpleGrid>
  );
}

/**
 * Which engine reads the company's documents: the offline engine alone, or the offline engine
 * followed by an AI model; with a model, its usage, last error and a switch per document type.
 */
export function ModelEngineCard({ canEdit }: ModelEngineCardProps) {
  const status = useModelStatus();
  const setUse = useSetDocTypeModel();

  if (status.isPending) return <Loader size="sm" aria-label="Loading the AI model status" />;
  if (status.isError)
    return <ErrorAlert error={status.error} fallback="Failed to load the AI model status" />;

  const data = status.data;
  if (data.engine === 'offline') {
    return (
      <Stack gap="sm">
        <Group gap="xs">
          <Text fw={600}>Active engine:</Text>
          <Badge color="gray" variant="light">
            Offline engine
          </Badge>
        </Group>
        <Text size="sm">
          No AI model is configured, so Parser uses its offline engine alone: every document is read
          on this server and nothing leaves it. An administrator of the installation can point
          Parser at a local model (Ollama, llama.cpp server, vLLM) or a hosted one with LLM_BASE_URL
          and LLM_MODEL.
        </Text>
      </Stack>
    );
  }

  return (
    <Stack gap="md">
      <Group gap="xs">
        <Text fw={600}>Active engine:</Text>
        <Badge color="violet" variant="light">
          Offline engine + AI model
        </Badge>
        <Text size="sm" c="dimmed">
          {data.model}
          {data.vision_model ? ` · images: ${data.vision_model}` : ''}
          {data.endpoint ? ` · ${data.endpoint}` : ''}
        </Text>
      </Group>
      <Usage usage={data.usage} />
      {data.last_error && (
        <Alert color="yellow" title="Last model error" role="status">
          {data.last_error.message} ({dayjs(data.last_error.at).format('MMM D, YYYY h:mm A')}). The
          documents concerned kept the offline engine&apos;s values.
        </Alert>
      )}
      {data.doc_types.length > 0 && (
        <Stack gap="xs">
          <Title order={3} size="h5">
            Document types read by the model
          </Title>
          {data.doc_types.map((type) => (
            <Switch
              key={type.id}
              label={type.name}
              checked={type.use_model}
              disabled={!canEdit || setUse.isPending}
              onChange={(event) =>
                setUse.mutate(
                  { docTypeId: type.id, useModel: event.currentTarget.checked },
                  {
                    onError: (error) => notifyError(error),
                  },
                )
              }
            />
          ))}
        </Stack>
      )}
    </Stack>
  );
}
