import { Badge, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { IconPlayerPlay } from '@tabler/icons-react';
import type { ReactNode } from 'react';

export interface AgentCardProps {
  /** The agent's name, e.g. 'Data Entry Agent'. */
  title: string;
  /** What the agent does, as the spec words it. */
  description: string;
  icon: ReactNode;
  /** Pending documents of types that enable this agent. */
  pending: number;
  /** True while a run of this agent is being started or works in the background. */
  running: boolean;
  /** True while another agent's run is in progress. */
  disabled?: boolean;
  onRun: () => void;
}

/** One agent: what it does, its small-model badge and 'Run on All Pending (n)'. */
export function AgentCard({
  title,
  description,
  icon,
  pending,
  running,
  disabled = false,
  onRun,
}: AgentCardProps) {
  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-label={title}>
      <Stack gap="sm" h="100%" justify="space-between">
        <Stack gap="xs">
          <Group justify="space-between" wrap="nowrap">
            <Group gap="xs" wrap="nowrap">
              {icon}
              <Title order={2} size="h4">
                {title}
              </Title>
            </Group>
            <Badge variant="light" color="grape">
              Small model
            </Badge>
          </Group>
          <Text size="sm" c="dimmed">
            {description}
          </Text>
        </Stack>
        <Button
          leftSection={<IconPlayerPlay size={16} />}
          onClick={onRun}
          loading={running}
          disabled={pending === 0 || disabled}
        >
          Run on All Pending ({pending})
        </Button>
      </Stack>
    </Card>
  );
}
