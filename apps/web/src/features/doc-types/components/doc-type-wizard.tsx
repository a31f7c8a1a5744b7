import { Alert, Button, Center, Group, Loader, Paper, Stepper, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { DocType } from '@parser/contracts';
import { IconAlertCircle } from '@tabler/icons-react';
import { type ReactNode, useState } from 'react';
import { Link, useNavigate } from 'react-router';

import { PageHeader } from '@/components/page-header';

import { useCreateDocType } from '../api/create-doc-type';
import { useDocType } from '../api/get-doc-type';
import { useUpdateDocType } from '../api/update-doc-type';
import { useExtractionTest } from '../hooks/use-extraction-test';
import { type QuickSetupServices, useQuickSetup } from '../hooks/use-quick-setup';
import {
  applyPreset,
  createEmptyDraft,
  type DocTypeDraft,
  draftFromDocType,
  type KnowledgeLink,
  withHeadersText,
} from '../utils/draft';
import { toCreateBody, toUpdateBody } from '../utils/draft-body';
import {
  canOpenStep,
  isStepValid,
  type WizardMode,
  type WizardStepId,
  wizardSteps,
} from '../utils/wizard-steps';
import { AgentsStep } from './agents-step';
import { BasicsStep } from './basics-step';
import { ExportSettingsStep } from './export-settings-step';
import { FieldTableBuilder } from './field-table-builder';
import { QuickSetupStep } from './quick-setup-step';
import { SummaryStep } from './summary-step';
import { TestStep } from './test-step';

/** What the knowledge-documents section of the RAG & Agents step receives. */
export interface KnowledgeDocumentsSlotProps {
  /** The documents attached to the type and the agents that read each. */
  value: KnowledgeLink[];
  onChange: (value: KnowledgeLink[]) => void;
}

/** File handling and the knowledge-documents section, provided by the app layer. */
export interface WizardServices {
  /** Upload and schema suggestion for Quick Setup and the Test step. */
  files: QuickSetupServices;
  /** Renders the knowledge documents section of the RAG & Agents step. */
  renderKnowledgeDocuments: (props: KnowledgeDocumentsSlotProps) => ReactNode;
}

const HEADERS: Record<WizardMode, { title: string; subtitle: string }> = {
  create: { title: 'Create Document Type', subtitle: 'Set up a new document processing workflow' },
  edit: { title: 'Edit Document Type', subtitle: 'Modify your document processing configuration' },
};

/** Why Next is disabled, next to the button. */
const BLOCKED_HINTS: Partial<Record<WizardStepId, string>> = {
  basics: 'Enter a name to continue',
  quick_setup: 'Upload an example document to continue',
  regions: 'Add at least one field or table, with a label and a valid, unique key for each',
};

function WizardHeader({ mode }: { mode: WizardMode }) {
  return (
    <PageHeader
      title={HEADERS[mode].title}
      subtitle={HEADERS[mode].subtitle}
      actions={
        <Button component={Link} to="/doc-types" variant="default">
          Cancel
        </Button>
      }
    />
  );
}

export interface DocTypeWizardProps extends WizardServices {
  mode: WizardMode;
  /** The saved type, in edit mode. */
  docType?: DocType;
}

/** The create/edit wizard: a stepper over the draft, gated by each step's validity. */
export function DocTypeWizard({
  mode,
  docType,
  files,
  renderKnowledgeDocuments,
}: DocTypeWizardProps) {
  const navigate = useNavigate();
  const [draft, setDraft] = useState<DocTypeDraft>(() =>
    docType ? draftFromDocType(docType) : createEmptyDraft(),
  );
  const [active, setActive] = useState(0);
  const quickSetup = useQuickSetup(files, setDraft);
  const test = useExtractionTest(files.uploadFile);
  const createDocType = useCreateDocType();
  const updateDocType = useUpdateDocType();
  const saveMutation = mode === 'edit' ? updateDocType : createDocType;

  const steps = wizardSteps(mode, draft.presetKey);
  const activeIndex = Math.min(active, steps.length - 1);
  const step = steps[activeIndex] ?? steps[0];
  if (!step) return null;
  // Suggestions replace the fields when they arrive, so nobody edits fields before that.
  const extracting = quickSetup.status.phase === 'extracting';
  const draftValid = isStepValid(step.id, draft);
  const stepValid = draftValid && !(step.id === 'quick_setup' && extracting);
  const blockedHint = draftValid ? undefined : BLOCKED_HINTS[step.id];
  const isLast = activeIndex === steps.length - 1;

  const update = (patch: Partial<DocTypeDraft>) =>
    setDraft((current) => ({ ...current, ...patch }));

  const goTo = (index: number) => {
    const target = steps[index];
    if (!target) return;
    setActive(index);
    if (target.id === 'test') test.runIfUntested(draft);
  };

  const save = () => {
    const onSuccess = () => {
      const verb = mode === 'edit' ? 'updated' : 'created';
      notifications.show({
        color: 'green',
        title: `Document type ${mode === 'edit' ? 'updated' : 'saved'} successfully!`,
        message: `Your document type has been ${verb} and is ready to use for uploads.`,
      });
      void navigate('/doc-types');
    };
    if (mode === 'edit' && docType) {
      updateDocType.mutate({ id: docType.id, body: toUpdateBody(draft) }, { onSuccess });
    } else {
      createDocType.mutate(toCreateBody(draft), { onSuccess });
    }
  };

  const content = (() => {
    switch (step.id) {
      case 'basics':
        return (
          <BasicsStep
            draft={draft}
            mode={mode}
            onNameChange={(name) => update({ name })}
            onDescriptionChange={(description) => update({ description })}
            onPresetChange={(presetKey) => setDraft((current) => applyPreset(current, presetKey))}
          />
        );
      case 'quick_setup':
        return (
          <QuickSetupStep
            draft={draft}
            status={quickSetup.status}
            onFile={(file) => void quickSetup.handleFile(file)}
            onReset={quickSetup.reset}
          />
        );
      case 'regions':
        return (
          <FieldTableBuilder
            value={{ fields: draft.fields, tables: draft.tables }}
            onChange={({ fields, tables }) => update({ fields, tables })}
          />
        );
      case 'rag_agents':
        return (
          <AgentsStep
            draft={draft}
            onChange={update}
            knowledgeDocuments={renderKnowledgeDocuments({
              value: draft.ragDocs,
              onChange: (ragDocs) => update({ ragDocs }),
            })}
          />
        );
      case 'export':
        return (
          <ExportSettingsStep
            settings={draft.exportSettings}
            headersText={draft.headersText}
            onChange={(exportSettings) => update({ exportSettings })}
            onHeadersTextChange={(headersText) =>
              setDraft((current) => withHeadersText(current, headersText))
            }
          />
        );
      case 'test':
        return <TestStep draft={draft} test={test} />;
      case 'summary':
        return (
          <SummaryStep
            draft={draft}
            mode={mode}
            canSave={steps.every((s) => isStepValid(s.id, draft))}
            saving={saveMutation.isPending}
            saveError={saveMutation.error}
            onSave={save}
          />
        );
    }
  })();

  return (
    <>
      <WizardHeader mode={mode} />
      <Paper withBorder radius="md" p="lg">
        <Stepper
          active={activeIndex}
          onStepClick={(index) => {
            if (canOpenStep(steps, index, activeIndex, draft)) goTo(index);
          }}
          size="xs"
          mb="xl"
        >
          {steps.map((s, index) => {
            const selectable = canOpenStep(steps, index, activeIndex, draft);
            return (
              <Stepper.Step
                key={s.id}
                label={s.label}
                aria-label={`Step ${index + 1}: ${s.label}`}
                aria-current={index === activeIndex ? 'step' : undefined}
                aria-disabled={selectable ? undefined : true}
                allowStepSelect={selectable}
              />
            );
          })}
        </Stepper>

        {content}

        <Group justify="space-between" mt="xl" pt="md">
          <Button
            variant="default"
            disabled={activeIndex === 0}
            onClick={() => goTo(activeIndex - 1)}
          >
            Back
          </Button>
          {!isLast && (
            <Group gap="sm">
              {blockedHint && (
                <Text size="sm" c="dimmed">
                  {blockedHint}
                </Text>
              )}
              <Button disabled={!stepValid} onClick={() => goTo(activeIndex + 1)}>
                Next Step
              </Button>
            </Group>
          )}
        </Group>
      </Paper>
    </>
  );
}

export interface EditDocTypeWizardProps extends WizardServices {
  /** The type to edit. */
  id: string;
}

/** Edit mode: loads the type, then opens the wizard on it. */
export function EditDocTypeWizard({ id, ...services }: EditDocTypeWizardProps) {
  const docType = useDocType(id);

  if (docType.isPending) {
    return (
      <>
        <WizardHeader mode="edit" />
        <Center py="xl">
          <Loader aria-label="Loading document type" />
        </Center>
      </>
    );
  }
  if (docType.isError) {
    return (
      <>
        <WizardHeader mode="edit" />
        <Alert
          color="red"
          title="Error Loading Document Type"
          icon={<IconAlertCircle size={18} />}
          role="alert"
        >
          Failed to load document type for editing. Please try again.
        </Alert>
      </>
    );
  }
  return <DocTypeWizard key={docType.data.id} mode="edit" docType={docType.data} {...services} />;
}
