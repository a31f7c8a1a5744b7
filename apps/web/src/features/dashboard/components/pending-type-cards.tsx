import { Badge, Button, Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { upperFirst } from '@mantine/hooks';
import { type PendingByType, PIPELINE_STEPS } from '@parser/contracts';
import { IconCircleCheck, IconUpload } from '@tabler/icons-react';
import { Link } from 'react-router';

/** Spec section 9: a card lists at most this many recent documents. */
const RECENT_SHOWN = 2;

export interface PendingTypeCardsProps {
  /** Types with documents waiting for review or approval. */
  summary: PendingByType[];
}

function PendingTypeCard({ entry }: { entry: PendingByType }) {
  const total = entry.review_count + entry.approval_count;
  const recent = entry.recent.slice(0, RECENT_SHOWN);
  const more = total - recent.length;
  return (
    <Card
      withBorder
      radius="md"
      padding="md"
      component={Link}
      to={`/pending/${encodeURIComponent(entry.doc_type_id)}`}
      aria-label={`${entry.doc_type_name}: ${total} pending`}
    >
      <Group justify="space-between" align="flex-start" wrap="nowrap" mb="xs">
        <Text fw={600} lineClamp={2}>
          {entry.doc_type_name}
        </Text>
        <Text fz={24} fw={700} lh={1} aria-label="Total pending">
          {total}
        </Text>
      </Group>
      <Group gap="xs" mb="sm">
        <Badge color="orange" variant="light">
          Review: {entry.review_count}
        </Badge>
        <Badge color="yellow" variant="light">
          Approval: {entry.approval_count}
        </Badge>
      </Group>
      <Stack gap={4}>
        {recent.map((doc) => (
          <Group key={doc.pipeline_id} gap="xs" wrap="nowrap" justify="space-between">
            <Text size="sm" truncate="end">
              {doc.original_filename}
            </Text>
            <Badge size="xs" variant="outline" color={PIPELINE_STEPS[doc.current_step].color}>
              {upperFirst(PIPELINE_STEPS[doc.current_step].name)}
            </Badge>
          </Group>
        ))}
        {more > 0 && (
          <Text size="xs" c="dimmed">
            +{more} more
          </Text>
        )}
      </Stack>
    </Card>
  );
}

/** 'Pending Review by Document Type': one card per type, or the all-caught-up state. */
export function PendingTypeCards({ summary }: PendingTypeCardsProps) {
  return (
    <Stack gap="sm" component="section" aria-labelledby="pending-by-type">
      <Title order={2} size="h4" id="pending-by-type">
        Pending Review by Document Type
      </Title>
      {summary.length === 0 ? (
        <Card withBorder radius="md" padding="xl">
          <Stack align="center" gap="xs">
            <IconCircleCheck size={40} color="var(--mantine-color-green-6)" aria-hidden />
            <Text fw={600} size="lg">
              All caught up!
            </Text>
            <Text c="dimmed" size="sm" ta="center">
              No documents are currently pending review or approval
            </Text>
            <Button component={Link} to="/upload" mt="xs" leftSection={<IconUpload size={16} />}>
              Upload New Documents
            </Button>
          </Stack>
        </Card>
      ) : (
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md">
          {summary.map((entry) => (
            <PendingTypeCard key={entry.doc_type_id} entry={entry} />
          ))}
        </SimpleGrid>
      )}
    </Stack>
  );
}
