import { ActionIcon, Group, Text, Tooltip } from '@mantine/core';
import type { QueuePosition } from '@parser/contracts';
import { IconChevronLeft, IconChevronRight } from '@tabler/icons-react';

export interface QueueNavProps {
  /** The document's place in its queue (same type and step). */
  queue: QueuePosition;
  /** What the queue holds, e.g. 'to review'. */
  label: string;
  onOpen: (pipelineId: string) => void;
}

/** Previous / "3 of 41" / next within the queue the document is in. */
export function QueueNav({ queue, label, onOpen }: QueueNavProps) {
  const { previous_id: previous, next_id: next } = queue;
  return (
    <Group gap={4} wrap="nowrap" role="navigation" aria-label="Queue">
      <Tooltip label="Previous document (Alt + ↑)">
        <ActionIcon
          variant="default"
          aria-label="Previous document"
          disabled={!previous}
          onClick={() => previous && onOpen(previous)}
        >
          <IconChevronLeft size={16} />
        </ActionIcon>
      </Tooltip>
      <Text size="sm" c="dimmed" data-testid="queue-position" px={4}>
        {queue.position} of {queue.total} {label}
      </Text>
      <Tooltip label="Next document (Alt + ↓)">
        <ActionIcon
          variant="default"
          aria-label="Next document"
          disabled={!next}
          onClick={() => next && onOpen(next)}
        >
          <IconChevronRight size={16} />
        </ActionIcon>
      </Tooltip>
    </Group>
  );
}
