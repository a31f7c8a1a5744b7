import { Alert, Center, Group, Loader, Select, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconAlertCircle, IconSearch } from '@tabler/icons-react';
import { useState } from 'react';

import { PageHeader } from '@/components/page-header';
import { useDocuments } from '@/features/documents/api/get-documents';
import { DocumentsTable } from '@/features/documents/components/documents-table';

/** Spec section 4: the statuses the filter offers. The spec keeps the filter unapplied. */
const STATUS_FILTERS = [
  { value: 'all', label: 'All' },
  { value: 'uploaded', label: 'uploaded' },
  { value: 'processing', label: 'processing' },
  { value: 'done', label: 'done' },
  { value: 'review', label: 'review' },
  { value: 'error', label: 'error' },
];

/** Typing pauses this long before the search goes to the server. */
const SEARCH_DEBOUNCE_MS = 300;

/** /documents: every uploaded document, searchable by file name. */
export function DocumentsRoute() {
  const [search, setSearch] = useState('');
  const [status, setStatus] = useState<string | null>('all');
  const [q] = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS);
  const documents = useDocuments(q ? { q } : {});

  let content;
  if (documents.isError) {
    content = (
      <Alert color="red" icon={<IconAlertCircle size={18} />} title="Error" role="alert">
        Failed to load documents
      </Alert>
    );
  } else if (documents.isPending) {
    content = (
      <Center py="xl">
        <Loader aria-label="Loading documents" />
      </Center>
    );
  } else {
    content = (
      <DocumentsTable
        documents={documents.data.pages.flatMap((page) => page.items)}
        hasMore={documents.hasNextPage}
        loadingMore={documents.isFetchingNextPage}
        onLoadMore={() => void documents.fetchNextPage()}
      />
    );
  }

  return (
    <>
      <PageHeader title="Documents" subtitle="All uploaded documents" />
      <Group mb="md" align="flex-end">
        <TextInput
          label="Search"
          placeholder="Search by file name"
          leftSection={<IconSearch size={16} />}
          value={search}
          onChange={(event) => setSearch(event.currentTarget.value)}
          w={320}
        />
        <Select
          label="Status"
          data={STATUS_FILTERS}
          value={status}
          onChange={setStatus}
          allowDeselect={false}
          w={180}
        />
      </Group>
      {content}
    </>
  );
}
