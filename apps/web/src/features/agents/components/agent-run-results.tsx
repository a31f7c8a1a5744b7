import {
  Badge,
  Button,
  Card,
  Group,
  List,
  Progress,
  SimpleGrid,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import type { AgentRunResult } from '@parser/contracts';

/** Spec section 9: the results card lists 5 results. */
export const SHOWN_RESULTS = 5;

const AGENT_TITLES: Record<AgentRunResult['agent'], string> = {
  data_entry: 'Data Entry Agent',
  reconciliation: 'Reconciliation Agent',
};

export interface AgentRunResultsProps {
  result: AgentRunResult;
  onClear: () => void;
}

function Count({ label, value, color }: { label: string; value: number; color?: string }) {
  return (
    <Stack gap={0} align="center">
      <Text size="xl" fw={700} c={color}>
        {value}
      </Text>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
    </Stack>
  );
}

/** The last run: which agent, how it went, the counts and the first results. */
export function AgentRunResults({ result, onClear }: AgentRunResultsProps) {
  const running = result.status === 'running';
  const shown = result.results.slice(0, SHOWN_RESULTS);
  const more = result.results.length - shown.length;
  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-label="Agent results">
      <Stack gap="md">
        <Group justify="space-between">
          <Group gap="sm">
            <Title order={2} size="h4">
              {AGENT_TITLES[result.agent]} Results
            </Title>
            {running ? (
              <Badge color="blue" data-testid="run-status">
                Running
              </Badge>
            ) : (
              <Badge color={result.success ? 'green' : 'red'} data-testid="run-status">
                {result.success ? 'Completed' : 'Failed'}
              </Badge>
            )}
          </Group>
          <Button variant="default" size="xs" onClick={onClear}>
            Clear Results
          </Button>
        </Group>
        {running && (
          <Stack gap={4}>
            <Progress
              value={result.total === 0 ? 0 : (result.processed / result.total) * 100}
              animated
              aria-label="Run progress"
            />
            <Text size="xs" c="dimmed">
              {result.processed} of {result.total} documents processed
            </Text>
          </Stack>
        )}
        <SimpleGrid cols={3}>
          <Count label="Processed" value={result.processed} />
          <Count label="Successful" value={result.successful} color="green" />
          <Count label="Failed" value={result.failed} color={result.failed ? 'red' : undefined} />
        </SimpleGrid>
        {shown.length > 0 && (
          <List size="sm" spacing={4}>
            {shown.map((item) => (
              <List.Item key={item.pipeline_id}>
                <Text span ff="monospace" size="xs">
                  {item.pipeline_id.slice(0, 8)}...
                </Text>{' '}
                <Badge size="xs" color={item.success ? 'green' : 'red'} variant="light">
                  {item.success ? 'ok' : 'failed'}
                </Badge>{' '}
                {item.message}
              </List.Item>
            ))}
          </List>
        )}
        {more > 0 && (
          <Text size="sm" c="dimmed">
            ... and {more} more
          </Text>
        )}
      </Stack>
    </Card>
  );
}
