import { Alert, Badge, Button, Group, List, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { PRESETS } from '@parser/contracts';
import { IconDeviceFloppy, IconInfoCircle } from '@tabler/icons-react';
import type { ReactNode } from 'react';

import { ErrorAlert } from '@/components/error-alert';

import type { DocTypeDraft } from '../utils/draft';
import type { WizardMode } from '../utils/wizard-steps';

function plural(count: number, word: string): string {
  return `${count} ${word}${count === 1 ? '' : 's'}`;
}

function Detail({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Stack gap={2}>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <div>{children}</div>
    </Stack>
  );
}

export interface SummaryStepProps {
  draft: DocTypeDraft;
  mode: WizardMode;
  /** Every step is valid, so the type can be saved. */
  canSave: boolean;
  saving: boolean;
  /** The last save's error, shown under 'Failed to save/update document type'. */
  saveError: unknown;
  onSave: () => void;
}

/** Review & Save: what will be stored, and the save button. */
export function SummaryStep({ draft, mode, canSave, saving, saveError, onSave }: SummaryStepProps) {
  const agents = [
    'Extract',
    ...(draft.agentsEnabled.data_entry ? ['Data Entry'] : []),
    ...(draft.agentsEnabled.recon ? ['Reconciliation'] : []),
  ];
  const isEdit = mode === 'edit';

  return (
    <Stack gap="lg" maw={960}>
      <Title order={2} size="h3">
        Review &amp; Save
      </Title>

      {isEdit && (
        <Alert color="blue" icon={<IconInfoCircle size={18} />} role="note">
          You can edit the name, field configurations, table structure and agent settings of a
          document type. The description and preset cannot be changed.
        </Alert>
      )}

      <SimpleGrid cols={{ base: 1, sm: isEdit ? 2 : 3 }}>
        <Detail label="Name">
          <Text>{draft.name.trim()}</Text>
        </Detail>
        <Detail label="Description">
          <Text c={draft.description.trim() ? undefined : 'dimmed'}>
            {draft.description.trim() || 'No description'}
          </Text>
        </Detail>
        {!isEdit && (
          <Detail label="Preset">
            <Text>{draft.presetKey ? PRESETS[draft.presetKey].name : 'Custom'}</Text>
          </Detail>
        )}
      </SimpleGrid>

      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <Detail label="Fields">
          <Text size="sm" mb={4}>
            {plural(draft.fields.length, 'field')} defined
          </Text>
          <List size="sm" aria-label="Field labels">
            {draft.fields.map((field) => (
              <List.Item key={field.id}>
                {field.label}
                {field.required && (
                  <Text span c="red" aria-label="required">
                    {' *'}
                  </Text>
                )}
              </List.Item>
            ))}
          </List>
        </Detail>
        <Detail label="Tables">
          <Text size="sm" mb={4}>
            {plural(draft.tables.length, 'table')} defined
          </Text>
          <List size="sm" aria-label="Table labels">
            {draft.tables.map((table) => (
              <List.Item key={table.id}>
                {table.label} ({plural(table.columns.length, 'column')})
              </List.Item>
            ))}
          </List>
        </Detail>
      </SimpleGrid>

      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <Detail label="Enabled agents">
          <Group gap={6}>
            {agents.map((agent) => (
              <Badge key={agent} variant="light">
                {agent}
              </Badge>
            ))}
          </Group>
        </Detail>
        <Detail label="Knowledge documents">
          <Text size="sm">{plural(draft.ragDocs.length, 'knowledge document')} uploaded</Text>
        </Detail>
      </SimpleGrid>

      {saveError !== null && (
        <ErrorAlert
          error={saveError}
          fallback="An error occurred"
          title={isEdit ? 'Failed to update document type' : 'Failed to save document type'}
        />
      )}

      <Group>
        <Button
          size="md"
          leftSection={<IconDeviceFloppy size={18} />}
          disabled={!canSave}
          loading={saving}
          onClick={onSave}
        >
          {isEdit ? 'Update Document Type' : 'Save Document Type'}
        </Button>
      </Group>
    </Stack>
  );
}
