import { Paper, SimpleGrid, Text } from '@mantine/core';

export interface PendingCountersProps {
  reviewCount: number;
  approvalCount: number;
}

/** Needs Review, Needs Approval and Total Pending for one document type. */
export function PendingCounters({ reviewCount, approvalCount }: PendingCountersProps) {
  const counters = [
    { label: 'Needs Review', value: reviewCount, color: 'orange' },
    { label: 'Needs Approval', value: approvalCount, color: 'yellow.7' },
    { label: 'Total Pending', value: reviewCount + approvalCount, color: 'blue' },
  ];
  return (
    <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="md" mb="lg">
      {counters.map(({ label, value, color }) => (
        <Paper key={label} withBorder p="md" radius="md" role="group" aria-label={label}>
          <Text size="sm" c="dimmed" fw={500}>
            {label}
          </Text>
          <Text fz={28} fw={700} c={color} data-testid="counter-value">
            {value}
          </Text>
        </Paper>
      ))}
    </SimpleGrid>
  );
}
