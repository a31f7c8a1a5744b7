import { Group, Paper, Stack, Text, Title } from '@mantine/core';
import type { ReviewRecord } from '@parser/contracts';

import { StepBadge } from '@/components/step-badge';

export interface DocumentInfoProps {
  record: ReviewRecord;
}

function InfoRow({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <Group justify="space-between" wrap="nowrap" gap="sm">
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      {children}
    </Group>
  );
}

/** 'Document Info': file name, status and a short document id. */
export function DocumentInfo({ record }: DocumentInfoProps) {
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby="document-info">
      <Title order={2} size="h4" id="document-info" mb="sm">
        Document Info
      </Title>
      <Stack gap={6}>
        <InfoRow label="File name">
          <Text size="sm" truncate="end">
            {record.original_filename}
          </Text>
        </InfoRow>
        <InfoRow label="Status">
          <StepBadge step={record.current_step} size="sm" />
        </InfoRow>
        <InfoRow label="Document ID">
          <Text size="sm" ff="monospace" title={record.document_id}>
            {record.document_id.slice(0, 8)}...
          </Text>
        </InfoRow>
        {record.assigned_to && (
          <InfoRow label="Assigned to">
            <Text size="sm">{record.assigned_to.email}</Text>
          </InfoRow>
        )}
        {record.approved_by && (
          <InfoRow label="Approved by">
            <Text size="sm">{record.approved_by.email}</Text>
          </InfoRow>
        )}
      </Stack>
    </Paper>
  );
}
