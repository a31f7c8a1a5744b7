import { Badge, Divider, Group, Stack, Switch, Text, Textarea, Title } from '@mantine/core';
import type { AgentsEnabled } from '@parser/contracts';
import type { ReactNode } from 'react';

import type { DocTypeDraft } from '../utils/draft';

export interface AgentsStepProps {
  draft: DocTypeDraft;
  /** The knowledge documents section (list, attach and upload). */
  knowledgeDocuments: ReactNode;
  onChange: (
    update: Partial<
      Pick<DocTypeDraft, 'extractionInstructions' | 'dataEntryInstructions' | 'agentsEnabled'>
    >,
  ) => void;
}

/** RAG & Agents: knowledge documents, instructions and which agents run after extraction. */
export function AgentsStep({ draft, knowledgeDocuments, onChange }: AgentsStepProps) {
  const setAgent = (agent: keyof Omit<AgentsEnabled, 'extract'>, enabled: boolean) =>
    onChange({ agentsEnabled: { ...draft.agentsEnabled, [agent]: enabled } });

  return (
    <Stack gap="lg" maw={820}>
      <Stack gap="sm" component="section" aria-labelledby="agents-knowledge">
        <Title order={3} size="h4" id="agents-knowledge">
          Knowledge documents
        </Title>
        <Text size="sm" c="dimmed">
          Reference material the agents read: price lists, vendor master data, policies.
        </Text>
        {knowledgeDocuments}
      </Stack>

      <Divider />

      <Textarea
        label="Extraction instructions"
        description="Guidance for extraction, e.g. where the totals are printed or which date to use."
        resize="vertical"
        rows={3}
        value={draft.extractionInstructions}
        onChange={(event) => onChange({ extractionInstructions: event.currentTarget.value })}
      />
      <Textarea
        label="Data entry instructions"
        description="How the data entry agent should complete or correct fields."
        resize="vertical"
        rows={3}
        value={draft.dataEntryInstructions}
        onChange={(event) => onChange({ dataEntryInstructions: event.currentTarget.value })}
      />

      <Stack gap="sm" component="section" aria-labelledby="agents-toggles">
        <Title order={3} size="h4" id="agents-toggles">
          Agents
        </Title>
        <Group gap="sm">
          <Text size="sm">Extract</Text>
          <Badge variant="light" color="green">
            Always on
          </Badge>
        </Group>
        <Switch
          label="Data Entry Agent"
          description="Completes missing fields and improves extracted values."
          checked={draft.agentsEnabled.data_entry}
          onChange={(event) => setAgent('data_entry', event.currentTarget.checked)}
        />
        <Switch
          label="Reconciliation Agent"
          description="Cross-checks the data against itself and the knowledge documents."
          checked={draft.agentsEnabled.recon}
          onChange={(event) => setAgent('recon', event.currentTarget.checked)}
        />
      </Stack>
    </Stack>
  );
}
