import {
  Button,
  Checkbox,
  Fieldset,
  FileInput,
  Group,
  Loader,
  Select,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { AgentKind, type ReferenceDocumentLink } from '@parser/contracts';
import { IconUpload } from '@tabler/icons-react';
import { useEffect, useRef } from 'react';

import { ErrorAlert } from '@/components/error-alert';
import { RemoveIconButton } from '@/components/remove-icon-button';
import { ApiError, getErrorMessage } from '@/lib/api-client';

import { useRagDocuments } from '../api/get-rag-documents';
import { useUploadRagDocument } from '../api/upload-rag-document';

/** A knowledge document attached to a type, and the agents that read it. */
export type KnowledgeLink = Required<ReferenceDocumentLink>;

/** Spec section 9: PDF, CSV, plain text, PNG, JPEG. */
const KNOWLEDGE_ACCEPT = [
  'application/pdf',
  '.pdf',
  'text/csv',
  '.csv',
  'text/plain',
  '.txt',
  'image/png',
  '.png',
  'image/jpeg',
  '.jpg',
  '.jpeg',
].join(',');

const AGENT_LABELS: Record<AgentKind, string> = {
  data_entry: 'Data entry agent',
  recon: 'Reconciliation agent',
};

/** A new document is read by the data entry agent unless the admin chooses otherwise. */
const DEFAULT_ENABLED_FOR: AgentKind[] = ['data_entry'];

interface UploadFormValues {
  file: File | null;
  name: string;
  description: string;
  enabledFor: AgentKind[];
}

export interface KnowledgeDocumentsProps {
  /** The documents attached to the type. */
  value: KnowledgeLink[];
  onChange: (value: KnowledgeLink[]) => void;
}

/**
 * A type's knowledge documents: the attached ones with the agents that read each, attaching one
 * the company already uploaded, and uploading a new one (attached at once).
 */
export function KnowledgeDocuments({ value, onChange }: KnowledgeDocumentsProps) {
  const library = useRagDocuments();
  const upload = useUploadRagDocument();
  // An upload finishes later: attach to the list as it is then, not as it was at submit.
  const latestValue = useRef(value);
  useEffect(() => {
    latestValue.current = value;
  });

  const form = useForm<UploadFormValues>({
    mode: 'controlled',
    initialValues: { file: null, name: '', description: '', enabledFor: DEFAULT_ENABLED_FOR },
  });

  const documents = library.data ?? [];
  const nameOf = (id: string) => documents.find((doc) => doc.id === id);
  const attachable = documents
    .filter((doc) => !value.some((link) => link.id === doc.id))
    .map((doc) => ({ value: doc.id, label: doc.name }));

  const setEnabledFor = (id: string, agent: AgentKind, enabled: boolean) =>
    onChange(
      value.map((link) =>
        link.id === id
          ? {
              ...link,
              enabledFor: enabled
                ? AgentKind.options.filter((a) => a === agent || link.enabledFor.includes(a))
                : link.enabledFor.filter((a) => a !== agent),
            }
          : link,
      ),
    );

  const submit = (values: UploadFormValues) => {
    const name = values.name.trim();
    if (!values.file || !name) {
      notifications.show({
        color: 'orange',
        title: 'Missing Information',
        message: 'Please select a file and enter a name.',
      });
      return;
    }
    upload.mutate(
      { file: values.file, name, description: values.description.trim() },
      {
        onSuccess: (created) => {
          onChange([
            ...latestValue.current.filter((link) => link.id !== created.id),
            { id: created.id, enabledFor: values.enabledFor },
          ]);
          notifications.show({
            color: 'green',
            title: 'Success',
            message: 'RAG document uploaded successfully',
          });
          form.reset();
        },
        onError: (error) =>
          notifications.show({
            color: 'red',
            title: 'Upload Failed',
            message:
              error instanceof ApiError
                ? getErrorMessage(error, 'Failed to upload RAG document')
                : 'Failed to upload RAG document',
          }),
      },
    );
  };

  return (
    <Stack gap="md">
      {library.isPending && <Loader size="sm" aria-label="Loading knowledge documents" />}
      {library.isError && (
        <ErrorAlert error={library.error} fallback="Failed to load knowledge documents" />
      )}

      {value.length === 0 ? (
        <Text size="sm" c="dimmed">
          No knowledge documents attached yet.
        </Text>
      ) : (
        <Table verticalSpacing="xs" aria-label="Attached knowledge documents">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Document</Table.Th>
              {AgentKind.options.map((agent) => (
                <Table.Th key={agent}>{AGENT_LABELS[agent]}</Table.Th>
              ))}
              <Table.Th w={50} />
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {value.map((link) => {
              const doc = nameOf(link.id);
              const name = doc?.name ?? link.id;
              return (
                <Table.Tr key={link.id}>
                  <Table.Td>
                    <Text size="sm" fw={500}>
                      {name}
                    </Text>
                    {doc && (
                      <Text size="xs" c="dimmed">
                        {doc.originalFilename}
                      </Text>
                    )}
                  </Table.Td>
                  {AgentKind.options.map((agent) => (
                    <Table.Td key={agent}>
                      <Checkbox
                        aria-label={`${AGENT_LABELS[agent]} reads ${name}`}
                        checked={link.enabledFor.includes(agent)}
                        onChange={(event) =>
                          setEnabledFor(link.id, agent, event.currentTarget.checked)
                        }
                      />
                    </Table.Td>
                  ))}
                  <Table.Td>
                    <RemoveIconButton
                      label={`Detach ${name}`}
                      onClick={() => onChange(value.filter((other) => other.id !== link.id))}
                    />
                  </Table.Td>
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
      )}

      {attachable.length > 0 && (
        <Select
          label="Attach an uploaded document"
          placeholder="Choose a document"
          data={attachable}
          value={null}
          searchable
          maw={420}
          onChange={(id) => {
            if (id) onChange([...value, { id, enabledFor: DEFAULT_ENABLED_FOR }]);
          }}
        />
      )}

      <Fieldset legend="Upload a knowledge document" radius="md">
        <form
          onSubmit={(event) => form.onSubmit(submit)(event)}
          noValidate
          aria-label="Upload a knowledge document"
        >
          <Stack gap="sm">
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <FileInput
                label="File"
                placeholder="PDF, CSV, text, PNG or JPEG"
                accept={KNOWLEDGE_ACCEPT}
                clearable
                fileInputProps={{ 'aria-label': 'Knowledge document file' }}
                {...form.getInputProps('file')}
              />
              <TextInput
                label="Name"
                placeholder="e.g. Vendor list"
                {...form.getInputProps('name')}
              />
            </SimpleGrid>
            <Textarea
              label="Description"
              description="Optional"
              resize="vertical"
              rows={2}
              {...form.getInputProps('description')}
            />
            <Checkbox.Group label="Used by" {...form.getInputProps('enabledFor')}>
              <Group gap="lg" mt={6}>
                {AgentKind.options.map((agent) => (
                  <Checkbox key={agent} value={agent} label={AGENT_LABELS[agent]} />
                ))}
              </Group>
            </Checkbox.Group>
            <Group>
              <Button
                type="submit"
                variant="light"
                leftSection={<IconUpload size={16} />}
                loading={upload.isPending}
              >
                Upload Document
              </Button>
            </Group>
          </Stack>
        </form>
      </Fieldset>
    </Stack>
  );
}
