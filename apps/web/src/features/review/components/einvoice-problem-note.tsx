import { Alert } from '@mantine/core';
import type { ReviewRecord } from '@parser/contracts';
import { IconFileAlert } from '@tabler/icons-react';

export interface EInvoiceProblemNoteProps {
  record: ReviewRecord;
}

/**
 * A PDF carrying an e-invoice XML that could not be read (unsafe or malformed): its values come
 * from the page instead, and the reviewer must know the exact values were not available. The
 * reason is the one the latest extraction recorded in the history.
 */
export function EInvoiceProblemNote({ record }: EInvoiceProblemNoteProps) {
  const warning = [...record.history].reverse().find((entry) => entry.kind === 'einvoice_warning');
  const reason = typeof warning?.data.message === 'string' ? warning.data.message : null;
  if (!reason) return null;
  return (
    <Alert
      color="yellow"
      variant="light"
      icon={<IconFileAlert size={18} />}
      title="E-invoice XML not read"
    >
      This PDF carries an e-invoice XML that could not be read: {reason}; values were read from the
      page
    </Alert>
  );
}
