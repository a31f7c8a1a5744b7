import { Text, Tooltip } from '@mantine/core';

export interface EInvoiceSourceNoteProps {
  /** Where in the XML the value was read. */
  xpath: string;
}

/** Under a value read from the document's e-invoice XML: says so, with the XPath on hover. */
export function EInvoiceSourceNote({ xpath }: EInvoiceSourceNoteProps) {
  return (
    <Tooltip label={xpath} multiline maw={420} openDelay={200}>
      <Text span size="xs" c="blue" data-source="einvoice">
        Source: e-invoice XML
      </Text>
    </Tooltip>
  );
}
