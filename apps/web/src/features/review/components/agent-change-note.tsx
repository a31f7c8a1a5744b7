import { Text } from '@mantine/core';
import type { AgentChange } from '@parser/contracts';

import { shownValue } from '../utils/agent-report';

export interface AgentChangeNoteProps {
  /** The data entry agent's change to this value. */
  change: AgentChange;
}

/** Under a value the data entry agent changed: what it was, why, and where the new one came from. */
export function AgentChangeNote({ change }: AgentChangeNoteProps) {
  const source = change.source === 'rule' ? 'agent rule' : change.source;
  return (
    <Text component="span" size="xs" c="cyan.8" data-agent-change>
      Agent: was {shownValue(change.old)} · {change.reason} ({source}
      {change.derived ? ', derived' : ''})
    </Text>
  );
}
