import { Alert, Badge, Button, Group, Loader, Stack, Text } from '@mantine/core';
import { IconAlertTriangle, IconFileCheck, IconSparkles } from '@tabler/icons-react';

import { ErrorAlert } from '@/components/error-alert';

import type { QuickSetupStatus } from '../hooks/use-quick-setup';
import type { DocTypeDraft } from '../utils/draft';
import { FileDrop } from './file-drop';

export interface QuickSetupStepProps {
  draft: DocTypeDraft;
  status: QuickSetupStatus;
  onFile: (file: File) => void;
  /** Forget the example to upload another one. */
  onReset: () => void;
}

/** Quick Setup: an example document, from which the fields and tables are suggested. */
export function QuickSetupStep({ draft, status, onFile, onReset }: QuickSetupStepProps) {
  const busy = status.phase === 'uploading' || status.phase === 'extracting';
  const suggested = [...draft.fields, ...draft.tables].filter((item) => item.extracted);

  return (
    <Stack gap="md" maw={820}>
      <Text size="sm" c="dimmed">
        Upload an example of this document. Its fields and tables are suggested automatically; you
        refine them in the next step.
      </Text>

      {draft.exampleFile === null ? (
        <FileDrop
          title="Upload an example document"
          subtitle="Fields and tables will be suggested from it"
          loading={status.phase === 'uploading'}
          onFile={onFile}
        />
      ) : (
        <Group gap="sm">
          <IconFileCheck size={20} color="var(--mantine-color-green-6)" aria-hidden />
          <Text size="sm">
            Example file: <strong>{draft.exampleFile.fileName}</strong>
          </Text>
          <Button variant="subtle" size="xs" onClick={onReset} disabled={busy}>
            Upload different file
          </Button>
        </Group>
      )}

      {status.phase === 'upload_failed' && (
        <ErrorAlert error={status.error} fallback="Upload failed" title="Upload failed" />
      )}
      {status.phase === 'extracting' && (
        <Group gap="sm" role="status">
          <Loader size="sm" />
          <Text size="sm">Extracting fields and tables from the example...</Text>
        </Group>
      )}
      {status.phase === 'failure' && (
        <Alert color="orange" icon={<IconAlertTriangle size={18} />} role="alert">
          <Text size="sm">
            AI extraction failed, but you can still manually define fields in the next step.
          </Text>
          <Text size="xs" c="dimmed" mt={4}>
            {status.reason}
          </Text>
        </Alert>
      )}
      {status.phase === 'success' && (
        <Alert color="green" icon={<IconSparkles size={18} />} role="status">
          {status.fields + status.tables === 0
            ? 'Nothing recognisable was found in the example. Define the fields in the next step.'
            : `Suggested ${status.fields} ${status.fields === 1 ? 'field' : 'fields'} and ${
                status.tables
              } ${status.tables === 1 ? 'table' : 'tables'}. Review them in the next step.`}
        </Alert>
      )}
      {suggested.length > 0 && (
        <Group gap={6} aria-label="AI extracted fields and tables" role="list">
          {suggested.map((item) => (
            <Badge
              key={item.id}
              variant="light"
              color="grape"
              role="listitem"
              leftSection={<IconSparkles size={12} aria-hidden />}
            >
              AI · {item.label}
            </Badge>
          ))}
        </Group>
      )}
    </Stack>
  );
}
