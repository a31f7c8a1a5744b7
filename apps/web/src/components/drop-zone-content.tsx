import { Group, Text } from '@mantine/core';
import { Dropzone } from '@mantine/dropzone';
import { IconFileUpload, IconUpload, IconX } from '@tabler/icons-react';

export interface DropZoneContentProps {
  /** The main line. */
  title: string;
  /** The line under the title. */
  subtitle: string;
  /** The smallest line: which files the zone takes. */
  hint: string;
}

/** What a Dropzone shows inside: an icon for the drag state (accept, reject, idle) and its texts. */
export function DropZoneContent({ title, subtitle, hint }: DropZoneContentProps) {
  return (
    <Group justify="center" gap="lg" mih={140} style={{ pointerEvents: 'none' }}>
      <Dropzone.Accept>
        <IconUpload size={44} stroke={1.5} color="var(--mantine-color-blue-6)" />
      </Dropzone.Accept>
      <Dropzone.Reject>
        <IconX size={44} stroke={1.5} color="var(--mantine-color-red-6)" />
      </Dropzone.Reject>
      <Dropzone.Idle>
        <IconFileUpload size={44} stroke={1.5} color="var(--mantine-color-dimmed)" />
      </Dropzone.Idle>
      <div>
        <Text size="lg" fw={500}>
          {title}
        </Text>
        <Text size="sm" c="dimmed" mt={4}>
          {subtitle}
        </Text>
        <Text size="xs" c="dimmed" mt={4}>
          {hint}
        </Text>
      </div>
    </Group>
  );
}
