import { ActionIcon, Group, Stack, Text, Title, Tooltip } from '@mantine/core';
import type { PipelineStep, QueuePosition, ReviewRecord } from '@parser/contracts';
import { IconKeyboard } from '@tabler/icons-react';

import { StepBadge } from '@/components/step-badge';

import { QueueNav } from './queue-nav';

/** What the queue of each step holds, after "3 of 41". */
const QUEUE_LABELS: Partial<Record<PipelineStep, string>> = {
  human_review: 'to review',
  approval: 'to approve',
};

export interface ReviewHeaderProps {
  record: ReviewRecord;
  /** The document's place in its queue (same type and step), once known. */
  queue?: QueuePosition;
  /** Opens another document (previous/next in the queue). */
  onOpenDocument: (pipelineId: string) => void;
  /** Opens the keyboard shortcuts dialog. */
  onShowShortcuts: () => void;
}

/** 'Review Document' with the file name and step, the queue's previous/next and the shortcuts. */
export function ReviewHeader({
  record,
  queue,
  onOpenDocument,
  onShowShortcuts,
}: ReviewHeaderProps) {
  const step = record.current_step;
  const queueLabel = QUEUE_LABELS[step];
  return (
    <Group justify="space-between" align="flex-start" mb="lg">
      <Stack gap={4}>
        <Title order={1} size="h2">
          Review Document
        </Title>
        <Group gap="sm">
          <Text c="dimmed">{record.original_filename}</Text>
          <StepBadge step={step} />
        </Group>
      </Stack>
      <Group gap="sm">
        {queue && queueLabel && (
          <QueueNav queue={queue} label={queueLabel} onOpen={onOpenDocument} />
        )}
        <Tooltip label="Keyboard shortcuts (?)">
          <ActionIcon variant="default" aria-label="Keyboard shortcuts" onClick={onShowShortcuts}>
            <IconKeyboard size={16} />
          </ActionIcon>
        </Tooltip>
      </Group>
    </Group>
  );
}
