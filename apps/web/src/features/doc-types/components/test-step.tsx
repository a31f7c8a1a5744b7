import { Button, Group, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { IconFileCheck, IconPlayerPlay, IconRefresh, IconUpload } from '@tabler/icons-react';

import { ErrorAlert } from '@/components/error-alert';

import type { ExtractionTest } from '../hooks/use-extraction-test';
import type { DocTypeDraft } from '../utils/draft';
import { FileDrop } from './file-drop';
import { TestResults } from './test-results';

export interface TestStepProps {
  draft: DocTypeDraft;
  test: ExtractionTest;
}

/** Test: extract from a document with the configuration as it stands, before saving it. */
export function TestStep({ draft, test }: TestStepProps) {
  const { state } = test;
  const source = test.fileFor(draft);
  const tested = state.testedDraft ?? draft;

  return (
    <Stack gap="md" maw={960}>
      <Title order={2} size="h3">
        Test Extraction
      </Title>

      {source === null ? (
        <FileDrop
          title="Upload test document"
          subtitle="Test your extraction configuration"
          loading={state.uploading}
          onFile={(file) => void test.uploadTestFile(draft, file)}
        />
      ) : (
        <Paper withBorder p="sm" radius="md">
          <Group justify="space-between" gap="sm">
            <Group gap="sm">
              <IconFileCheck size={20} color="var(--mantine-color-green-6)" aria-hidden />
              <div>
                <Text size="sm" fw={500}>
                  {source.source === 'test_upload'
                    ? 'Test file ready'
                    : 'Using file from Quick Setup step'}
                </Text>
                <Text size="xs" c="dimmed">
                  {source.file.fileName}
                </Text>
              </div>
            </Group>
            <Group gap="xs">
              {state.result === null ? (
                <Button
                  leftSection={<IconPlayerPlay size={16} />}
                  loading={state.running}
                  onClick={() => void test.run(draft, source.file)}
                >
                  Run Test Extraction
                </Button>
              ) : (
                <Button
                  variant="light"
                  leftSection={<IconRefresh size={16} />}
                  disabled={state.running}
                  onClick={() => void test.run(draft, source.file)}
                >
                  Run test again
                </Button>
              )}
              <Button
                variant="default"
                leftSection={<IconUpload size={16} />}
                disabled={state.running}
                onClick={test.clearFile}
              >
                {source.source === 'test_upload'
                  ? 'Upload different file'
                  : 'Upload separate test file'}
              </Button>
            </Group>
          </Group>
        </Paper>
      )}

      {state.uploadError !== null && (
        <ErrorAlert error={state.uploadError} fallback="Upload failed" title="Upload failed" />
      )}
      {state.running && (
        <Group gap="sm" role="status">
          <Loader size="sm" />
          <Text size="sm">Running extraction test...</Text>
        </Group>
      )}
      {state.error !== null && (
        <ErrorAlert error={state.error} fallback="Test failed" title="Test failed" />
      )}
      {state.result && (
        <TestResults result={state.result} fields={tested.fields} tables={tested.tables} />
      )}
    </Stack>
  );
}
