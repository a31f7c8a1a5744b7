import { Text } from '@mantine/core';

export interface CurrencyCodeProps {
  /** ISO 4217 code the document showed for the amount, e.g. EUR. */
  code: string;
}

/** The currency of an amount, shown inside its input. */
export function CurrencyCode({ code }: CurrencyCodeProps) {
  return (
    <Text size="xs" fw={600} c="dimmed" title={`Currency: ${code}`} data-currency={code}>
      {code}
    </Text>
  );
}
