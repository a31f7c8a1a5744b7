import { Alert, Anchor, Button, Center, Group, Loader, Paper, Select, Stack } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconAlertCircle, IconPlayerPlay } from '@tabler/icons-react';
import { useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';

import { ErrorAlert } from '@/components/error-alert';
import { PageHeader } from '@/components/page-header';
import { useDocTypes } from '@/features/doc-types/api/get-doc-types';
import { useCreateUpload } from '@/features/uploads/api/create-upload';
import { FileValidationList } from '@/features/uploads/components/file-validation-list';
import { UploadDropZone } from '@/features/uploads/components/upload-drop-zone';
import type { UploadItem } from '@/features/uploads/hooks/upload-queue';
import { useUploadQueue } from '@/features/uploads/hooks/use-upload-queue';
import { getErrorMessage } from '@/lib/api-client';

/** /upload and /uploads: choose a type, drop files, check them, then start processing. */
export function UploadRoute() {
  const [searchParams] = useSearchParams();
  const navigate = useNavigate();
  const docTypes = useDocTypes();
  const [chosen, setChosen] = useState<string | null>(searchParams.get('docTypeId'));
  // A preselected id counts only once it is one of the company's types.
  const docTypeId = docTypes.data?.some((type) => type.id === chosen) ? chosen : null;
  const queue = useUploadQueue(docTypeId);
  const createUpload = useCreateUpload();
  const processAsUpload = useCreateUpload();

  const validCount = queue.validFileIds.length;
  const canStart = docTypeId !== null && validCount > 0 && !queue.inProgress;

  const startProcessing = () => {
    if (!docTypeId || !canStart) return;
    createUpload.mutate(
      { docTypeId, files: queue.validFileIds },
      {
        onSuccess: (result) => {
          const count = result.pipeline_ids.length;
          notifications.show({
            color: 'green',
            title: 'Processing started',
            message: `${count} document${count === 1 ? '' : 's'} sent for processing`,
          });
          void navigate('/');
        },
      },
    );
  };

  // A file whose content looks like another type is processed as the chosen one unless the clerk
  // picks the suggestion on its row: then it goes as that type at once, from the copy already
  // stored (nothing is uploaded again), and leaves the list.
  const processAs = (item: UploadItem) => {
    const suggested = item.suggestion;
    if (!suggested || !item.fileId) return;
    processAsUpload.mutate(
      { docTypeId: suggested.docTypeId, files: [item.fileId] },
      {
        onSuccess: () => {
          notifications.show({
            color: 'green',
            title: 'Processing started',
            message: `${item.file.name} sent for processing as ${suggested.docTypeName}`,
          });
          queue.remove(item.id);
        },
        onError: (error) =>
          notifications.show({
            color: 'red',
            message: getErrorMessage(error, 'Processing could not start'),
          }),
      },
    );
  };

  let picker;
  if (docTypes.isPending) {
    picker = (
      <Center py="md">
        <Loader size="sm" aria-label="Loading document types" />
      </Center>
    );
  } else if (docTypes.isError) {
    picker = (
      <Alert color="red" icon={<IconAlertCircle size={18} />} role="alert">
        Failed to load document types
      </Alert>
    );
  } else if (docTypes.data.length === 0) {
    picker = (
      <Alert color="blue" icon={<IconAlertCircle size={18} />}>
        No document types created yet.{' '}
        <Anchor component={Link} to="/doc-types/new">
          Create a document type
        </Anchor>{' '}
        before uploading documents.
      </Alert>
    );
  } else {
    picker = (
      <Select
        label="Document Type"
        description="You must select a document type before uploading files"
        placeholder="Search document types"
        searchable
        nothingFoundMessage="No document type matches"
        data={docTypes.data.map((type) => ({ value: type.id, label: type.name }))}
        value={docTypeId}
        onChange={setChosen}
        disabled={queue.inProgress}
        maw={480}
      />
    );
  }

  return (
    <>
      <PageHeader
        title="Upload Documents"
        subtitle="Upload documents to extract their data with a document type"
      />
      <Stack gap="lg">
        <Paper withBorder p="lg" radius="md">
          {picker}
        </Paper>

        {docTypeId !== null && <UploadDropZone onFiles={queue.add} />}

        {queue.items.length > 0 && (
          <FileValidationList
            items={queue.items}
            validCount={validCount}
            onRemove={queue.remove}
            onClearAll={queue.clear}
            onProcessAs={processAs}
            processingFileId={
              processAsUpload.isPending ? (processAsUpload.variables.files[0] ?? null) : null
            }
          />
        )}

        {createUpload.isError && (
          <ErrorAlert error={createUpload.error} fallback="Upload failed" title="Upload failed" />
        )}

        {queue.items.length > 0 && (
          <Group justify="flex-end">
            <Button
              size="md"
              leftSection={<IconPlayerPlay size={18} />}
              disabled={!canStart}
              loading={createUpload.isPending}
              onClick={startProcessing}
            >
              Start Processing ({validCount} files)
            </Button>
          </Group>
        )}
      </Stack>
    </>
  );
}
