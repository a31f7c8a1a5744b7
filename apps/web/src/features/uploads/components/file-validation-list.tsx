import {
  ActionIcon,
  Badge,
  Button,
  Group,
  Paper,
  Progress,
  Stack,
  Text,
  Title,
  Tooltip,
} from '@mantine/core';
import { IconArrowForwardUp, IconX } from '@tabler/icons-react';

import type { UploadItem, UploadStatus } from '../hooks/upload-queue';

const STATUS_LOOK: Record<UploadStatus, { label: string; color: string }> = {
  queued: { label: 'waiting', color: 'gray' },
  uploading: { label: 'uploading', color: 'blue' },
  validating: { label: 'validating', color: 'cyan' },
  valid: { label: 'valid', color: 'green' },
  invalid: { label: 'invalid', color: 'orange' },
  error: { label: 'error', color: 'red' },
};

function formatSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

interface UploadRowProps {
  item: UploadItem;
  onRemove: (id: string) => void;
  onProcessAs?: (item: UploadItem) => void;
  /** A 'Process as' request for this row is on its way. */
  processing: boolean;
}

function UploadRow({ item, onRemove, onProcessAs, processing }: UploadRowProps) {
  const look = STATUS_LOOK[item.status];
  const name = item.file.name;
  const suggested = item.status === 'valid' ? item.suggestion : null;
  const canProcessAs = suggested !== null && item.fileId !== null && onProcessAs;
  return (
    <Paper withBorder p="sm" radius="md" role="listitem" aria-label={name}>
      <Group justify="space-between" wrap="nowrap" gap="sm">
        <Stack gap={2} style={{ minWidth: 0, flex: 1 }}>
          <Group gap="xs" wrap="nowrap">
            <Text size="sm" fw={500} truncate="end">
              {name}
            </Text>
            <Text size="xs" c="dimmed" style={{ flexShrink: 0 }}>
              {formatSize(item.file.size)}
              {item.pages !== null && item.pages > 0 && ` · ${item.pages} page(s)`}
            </Text>
          </Group>
          <Progress
            value={item.status === 'queued' ? 0 : Math.round(item.progress * 100)}
            color={look.color}
            size="sm"
            animated={item.status === 'uploading' || item.status === 'validating'}
            striped={item.status === 'validating'}
            aria-label={`Upload progress of ${name}`}
          />
          {item.message && (
            <Text size="xs" c={item.status === 'error' ? 'red' : 'orange.8'}>
              {item.message}
            </Text>
          )}
        </Stack>
        {canProcessAs && (
          <Button
            size="xs"
            variant="light"
            leftSection={<IconArrowForwardUp size={14} />}
            loading={processing}
            onClick={() => onProcessAs(item)}
          >
            Process as {suggested.docTypeName}
          </Button>
        )}
        <Badge color={look.color} variant="light" data-status={item.status}>
          {look.label}
        </Badge>
        <Tooltip label="Remove">
          <ActionIcon
            variant="subtle"
            color="gray"
            aria-label={`Remove ${name}`}
            onClick={() => onRemove(item.id)}
          >
            <IconX size={16} />
          </ActionIcon>
        </Tooltip>
      </Group>
    </Paper>
  );
}

export interface FileValidationListProps {
  items: UploadItem[];
  validCount: number;
  onRemove: (id: string) => void;
  onClearAll: () => void;
  /** Processes a file as the type suggested for it instead of the chosen one, from the stored copy. */
  onProcessAs?: (item: UploadItem) => void;
  /** The stored file whose 'Process as' request is on its way. */
  processingFileId?: string | null;
}

/** 'File Validation Results': each file's status, progress and reason, with Remove and Clear All. */
export function FileValidationList({
  items,
  validCount,
  onRemove,
  onClearAll,
  onProcessAs,
  processingFileId = null,
}: FileValidationListProps) {
  return (
    <Stack gap="sm" component="section" aria-labelledby="file-validation-results">
      <Group justify="space-between">
        <Group gap="sm">
          <Title order={2} size="h4" id="file-validation-results">
            File Validation Results
          </Title>
          <Badge color={validCount > 0 ? 'green' : 'gray'} variant="light">
            {validCount} valid files
          </Badge>
        </Group>
        <Button variant="subtle" color="gray" size="xs" onClick={onClearAll}>
          Clear All
        </Button>
      </Group>
      <Stack gap="xs" role="list" aria-label="Files">
        {items.map((item) => (
          <UploadRow
            key={item.id}
            item={item}
            onRemove={onRemove}
            onProcessAs={onProcessAs}
            processing={item.fileId !== null && processingFileId === item.fileId}
          />
        ))}
      </Stack>
    </Stack>
  );
}
