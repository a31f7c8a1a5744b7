import { Group, Paper, SimpleGrid, Text, ThemeIcon } from '@mantine/core';
import type { PipelineStats } from '@parser/contracts';
import { IconAlertTriangle, IconCircleCheck, IconFileText, IconFiles } from '@tabler/icons-react';
import type { ComponentType } from 'react';

export interface StatCardsProps {
  /** How many document types the company has. */
  docTypeCount: number;
  /** The tenant's pipeline counts. */
  stats: PipelineStats;
}

interface Stat {
  label: string;
  value: number;
  color: string;
  icon: ComponentType<{ size?: number }>;
}

/** The four headline numbers of the dashboard (spec section 2). */
export function StatCards({ docTypeCount, stats }: StatCardsProps) {
  const cards: Stat[] = [
    { label: 'Document Types', value: docTypeCount, color: 'blue', icon: IconFileText },
    { label: 'Total Processed', value: stats.total, color: 'indigo', icon: IconFiles },
    {
      label: 'Needs Attention',
      value: stats.pending_review + stats.pending_approval,
      color: 'orange',
      icon: IconAlertTriangle,
    },
    { label: 'Completed', value: stats.completed, color: 'green', icon: IconCircleCheck },
  ];
  return (
    <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="md">
      {cards.map(({ label, value, color, icon: Icon }) => (
        <Paper key={label} withBorder p="md" radius="md" role="group" aria-label={label}>
          <Group justify="space-between" wrap="nowrap">
            <div>
              <Text size="sm" c="dimmed" fw={500}>
                {label}
              </Text>
              <Text fz={28} fw={700} data-testid="stat-value">
                {value}
              </Text>
            </div>
            <ThemeIcon size={42} radius="md" variant="light" color={color} aria-hidden>
              <Icon size={24} />
            </ThemeIcon>
          </Group>
        </Paper>
      ))}
    </SimpleGrid>
  );
}
