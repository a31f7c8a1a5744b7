import { Text } from '@mantine/core';

/** The words under a value read with a learned hint, so a reviewer knows where it came from. */
export const LEARNED_VALUE_TEXT = "Read where this vendor's reviewed documents had it";

/** Under a field whose value came from what reviewers taught about this vendor. */
export function LearnedValueNote() {
  return (
    <Text component="span" size="xs" c="teal.8" data-learned-value>
      {LEARNED_VALUE_TEXT}
    </Text>
  );
}
