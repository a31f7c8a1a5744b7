import { Alert, Center, Loader, Paper, SimpleGrid, Text } from '@mantine/core';
import type { DocType } from '@parser/contracts';
import { IconAlertCircle } from '@tabler/icons-react';
import { useState } from 'react';

import { getErrorMessage } from '@/lib/api-client';

import { useDocTypes } from '../api/get-doc-types';
import { DeleteDocTypeModal } from './delete-doc-type-modal';
import { DocTypeCard } from './doc-type-card';

/** The company's document types as cards, with loading, error and empty states. */
export function DocTypeList() {
  const docTypes = useDocTypes();
  const [toDelete, setToDelete] = useState<DocType | null>(null);

  if (docTypes.isPending) {
    return (
      <Center py="xl">
        <Loader aria-label="Loading document types" />
      </Center>
    );
  }
  if (docTypes.isError) {
    return (
      <Alert
        color="red"
        title="Failed to load document types"
        icon={<IconAlertCircle size={18} />}
        role="alert"
      >
        Error loading document types: {getErrorMessage(docTypes.error)}
      </Alert>
    );
  }
  if (docTypes.data.length === 0) {
    return (
      <Paper withBorder p="xl" radius="md">
        <Text c="dimmed" ta="center">
          No document types created yet. Create your first document type to start processing
          documents.
        </Text>
      </Paper>
    );
  }
  return (
    <>
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="lg">
        {docTypes.data.map((docType) => (
          <DocTypeCard key={docType.id} docType={docType} onDelete={setToDelete} />
        ))}
      </SimpleGrid>
      <DeleteDocTypeModal docType={toDelete} onClose={() => setToDelete(null)} />
    </>
  );
}
