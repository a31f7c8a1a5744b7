import { Badge, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import type { DocType } from '@parser/contracts';
import { IconSettings, IconTrash } from '@tabler/icons-react';
import { useId } from 'react';
import { Link } from 'react-router';

/** Spec section 9: a type runs Extract and Review, plus one step per enabled agent. */
export function pipelineSteps(docType: Pick<DocType, 'data_entry_enabled' | 'recon_enabled'>) {
  return [
    'Extract',
    'Review',
    ...(docType.data_entry_enabled ? ['Data Entry'] : []),
    ...(docType.recon_enabled ? ['Reconciliation'] : []),
  ];
}

export interface DocTypeCardProps {
  /** The type as listed by GET /api/doc-types. */
  docType: DocType;
  /** Asks to delete the type (the caller confirms first). */
  onDelete: (docType: DocType) => void;
}

/** One document type on the list: counts, workflow and pipeline badges, Configure and Delete. */
export function DocTypeCard({ docType, onDelete }: DocTypeCardProps) {
  const titleId = useId();
  const badges = pipelineSteps(docType);
  const isAdvanced = docType.data_entry_enabled || docType.recon_enabled;
  const description = docType.description.trim() || `Document type for ${docType.name} processing`;

  return (
    <Card withBorder radius="md" padding="lg" component="article" aria-labelledby={titleId}>
      <Stack gap="sm" h="100%">
        <Title order={2} size="h4" id={titleId}>
          {docType.name}
        </Title>
        <Text size="sm" c="dimmed" lineClamp={3}>
          {description}
        </Text>
        <Group gap="lg">
          <Text size="sm">
            <Text span c="dimmed">
              Fields
            </Text>{' '}
            <Text span fw={600}>
              {docType.fields.length}
            </Text>
          </Text>
          <Text size="sm">
            <Text span c="dimmed">
              Steps
            </Text>{' '}
            <Text span fw={600}>
              {badges.length}
            </Text>
          </Text>
          <Group gap={6}>
            <Text size="sm" c="dimmed">
              Workflow
            </Text>
            <Badge color={isAdvanced ? 'violet' : 'gray'} variant="light">
              {isAdvanced ? 'Advanced' : 'Basic'}
            </Badge>
          </Group>
        </Group>
        <Group gap={6} aria-label="Pipeline" role="list">
          {badges.map((step) => (
            <Badge key={step} variant="outline" role="listitem">
              {step}
            </Badge>
          ))}
        </Group>
        <Group gap="sm" mt="auto" pt="xs">
          <Button
            component={Link}
            to={`/doc-types/${encodeURIComponent(docType.id)}/edit`}
            variant="light"
            leftSection={<IconSettings size={16} />}
          >
            Configure
          </Button>
          <Button
            variant="subtle"
            color="red"
            leftSection={<IconTrash size={16} />}
            onClick={() => onDelete(docType)}
          >
            Delete
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}
