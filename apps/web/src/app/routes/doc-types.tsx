import { Button, Group } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { Link } from 'react-router';

import { PageHeader } from '@/components/page-header';
import { DocTypeList } from '@/features/doc-types/components/doc-type-list';
import { TenantConnect } from '@/features/doc-types/components/tenant-connect';

/** /doc-types: the company's document types. */
export function DocTypesRoute() {
  return (
    <>
      <PageHeader
        title="Document Types"
        subtitle="Configure custom extraction templates"
        actions={
          <Button component={Link} to="/doc-types/new" leftSection={<IconPlus size={16} />}>
            Create New Type
          </Button>
        }
      />
      <Group mb="lg">
        <TenantConnect />
      </Group>
      <DocTypeList />
    </>
  );
}
