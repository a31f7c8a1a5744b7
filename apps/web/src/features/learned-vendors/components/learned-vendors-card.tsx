import { Button, Group, Table, Text } from '@mantine/core';
import type { LearnedVendor } from '@parser/contracts';
import dayjs from 'dayjs';
import { useState } from 'react';

import { ConfirmModal } from '@/components/confirm-modal';
import { DataTable } from '@/components/data-table';
import { ListQueryContent } from '@/components/list-query-content';
import { notifyError, notifySuccess } from '@/lib/notify';

import { useForgetLearnedVendors } from '../api/forget-learned-vendors';
import { useLearnedVendors } from '../api/get-learned-vendors';

const DATE_FORMAT = 'MMM D, YYYY HH:mm';

const COLUMNS = [
  'Vendor',
  'Document type',
  'Documents taught',
  'Last taught',
  'Last used',
  'Actions',
];

/** What is about to be forgotten: one vendor, or all of them. */
type ToForget = { kind: 'one'; vendor: LearnedVendor } | { kind: 'all' };

/**
 * The vendors Parser learned from the company's reviewed documents: how many documents taught
 * it, when last taught and last used, with Forget (one vendor) and Forget all behind a confirm.
 */
export function LearnedVendorsCard() {
  const vendors = useLearnedVendors();
  const forget = useForgetLearnedVendors();
  const [toForget, setToForget] = useState<ToForget | null>(null);

  const confirmForget = () => {
    if (!toForget) return;
    const target = toForget;
    forget.mutate(target.kind === 'one' ? target.vendor.id : null, {
      onSuccess: () =>
        notifySuccess(
          target.kind === 'one' ? 'Vendor forgotten' : 'All vendors forgotten',
          target.kind === 'one'
            ? target.vendor.name
            : 'Documents are read by the general rules until reviewers teach again.',
        ),
      onError: (error) => notifyError(error),
      onSettled: () => setToForget(null),
    });
  };

  return (
    <ListQueryContent
      query={vendors}
      noun="learned vendors"
      empty="Nothing learned yet. Each reviewed document teaches Parser where its vendor prints each value."
    >
      {(learned) => (
        <>
          <DataTable label="Learned vendors" minWidth={720} columns={COLUMNS}>
            {learned.map((vendor) => (
              <Table.Tr key={vendor.id}>
                <Table.Td>
                  <Text size="sm">{vendor.name}</Text>
                  <Text size="xs" c="dimmed">
                    {vendor.fields_learned} {vendor.fields_learned === 1 ? 'value' : 'values'}{' '}
                    learned
                  </Text>
                </Table.Td>
                <Table.Td>
                  <Text size="sm">{vendor.doc_type.name}</Text>
                </Table.Td>
                <Table.Td>
                  <Text size="sm">{vendor.documents_taught}</Text>
                </Table.Td>
                <Table.Td>
                  <Text size="sm">{dayjs(vendor.last_taught_at).format(DATE_FORMAT)}</Text>
                </Table.Td>
                <Table.Td>
                  <Text size="sm">
                    {vendor.last_used_at
                      ? dayjs(vendor.last_used_at).format(DATE_FORMAT)
                      : 'Not yet'}
                  </Text>
                </Table.Td>
                <Table.Td>
                  <Button
                    size="xs"
                    color="red"
                    variant="light"
                    aria-label={`Forget ${vendor.name}`}
                    onClick={() => setToForget({ kind: 'one', vendor })}
                  >
                    Forget
                  </Button>
                </Table.Td>
              </Table.Tr>
            ))}
          </DataTable>
          <Group justify="flex-end" mt="md">
            <Button color="red" variant="subtle" onClick={() => setToForget({ kind: 'all' })}>
              Forget all vendors
            </Button>
          </Group>
          <ConfirmModal
            opened={toForget !== null}
            title={toForget?.kind === 'all' ? 'Forget all vendors' : 'Forget vendor'}
            confirmLabel="Forget"
            onConfirm={confirmForget}
            onClose={() => setToForget(null)}
            loading={forget.isPending}
          >
            <Text size="sm">
              {toForget?.kind === 'one'
                ? `Forget what reviewers taught about "${toForget.vendor.name}"? Its next documents are read by the general rules until reviewers teach again.`
                : 'Forget every vendor Parser learned? Documents are read by the general rules until reviewers teach again.'}
            </Text>
          </ConfirmModal>
        </>
      )}
    </ListQueryContent>
  );
}
