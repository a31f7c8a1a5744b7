import { Button, Group, Loader, Table, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { LearnedVendor } from '@parser/contracts';
import dayjs from 'dayjs';
import { useState } from 'react';

import { ConfirmModal } from '@/components/confirm-modal';
import { ErrorAlert } from '@/components/error-alert';
import { getErrorMessage } from '@/lib/api-client';

import { useForgetLearnedVendors } from '../api/forget-learned-vendors';
import { useLearnedVendors } from '../api/get-learned-vendors';

const DATE_FORMAT = 'MMM D, YYYY HH:mm';

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

  if (vendors.isPending) return <Loader size="sm" aria-label="Loading learned vendors" />;
  if (vendors.isError)
    return <ErrorAlert error={vendors.error} fallback="Failed to load learned vendors" />;
  if (vendors.data.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        Nothing learned yet. Each reviewed document teaches Parser where its vendor prints each
        value.
      </Text>
    );
  }

  const confirmForget = () => {
    if (!toForget) return;
    const target = toForget;
    forget.mutate(target.kind === 'one' ? target.vendor.id : null, {
      onSuccess: () =>
        notifications.show({
          color: 'green',
          title: target.kind === 'one' ? 'Vendor forgotten' : 'All vendors forgotten',
          message:
            target.kind === 'one'
              ? target.vendor.name
              : 'Documents are read by the general rules until reviewers teach again.',
        }),
      onError: (error) =>
        notifications.show({ color: 'red', title: 'Error', message: getErrorMessage(error) }),
      onSettled: () => setToForget(null),
    });
  };

  return (
    <>
      <Table.ScrollContainer minWidth={720}>
        <Table verticalSpacing="sm" aria-label="Learned vendors">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Vendor</Table.Th>
              <Table.Th>Document type</Table.Th>
              <Table.Th>Documents taught</Table.Th>
              <Table.Th>Last taught</Table.Th>
              <Table.Th>Last used</Table.Th>
              <Table.Th>Actions</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {vendors.data.map((vendor) => (
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
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
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
  );
}
