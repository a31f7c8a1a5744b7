import { Text } from '@mantine/core';
import type { ReconCheck } from '@parser/contracts';

/** The quieter mark of a value a warning names as likely misread: orange, where a failure is red. */
export const RECON_WARNING_COLOR = 'orange';

/** The input border of a warned value. */
export const reconWarningStyles = {
  input: { borderColor: `var(--mantine-color-${RECON_WARNING_COLOR}-6)` },
};

export interface ReconWarningNoteProps {
  /** The reconciliation warning that names this value as the one to check. */
  check: ReconCheck;
  /** Only the short form (the reading the sums agree with), where the full message has no room. */
  short?: boolean;
}

/** The short form of a warning on its value: what the sums would have it read. */
export function reconWarningShort(check: ReconCheck): string {
  return check.suspect
    ? `Check against the page: the sums agree with ${check.suspect.expected.toFixed(2)}`
    : check.message;
}

/** Under a value a warning names as likely misread: the warning, so the reviewer knows what to check. */
export function ReconWarningNote({ check, short = false }: ReconWarningNoteProps) {
  return (
    <Text component="span" size="xs" c={`${RECON_WARNING_COLOR}.8`} data-recon-warning-note>
      {short ? reconWarningShort(check) : `Warning: ${check.message}`}
    </Text>
  );
}
