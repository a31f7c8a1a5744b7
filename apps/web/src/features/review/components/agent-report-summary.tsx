import { Alert, Anchor, Badge, Group, List, Stack, Text } from '@mantine/core';
import type { ReviewRecord } from '@parser/contracts';
import { IconRobot } from '@tabler/icons-react';
import { Link } from 'react-router';

export interface AgentReportSummaryProps {
  record: ReviewRecord;
}

/** Failed checks, then warnings, shown one by one up to this many; the rest are counted. */
const SHOWN_CHECKS = 5;

/**
 * At the top of the review: the reconciliation agent's verdict (failed checks listed, then the
 * warnings that say what to look at, duplicates linked) and how many values the data entry agent
 * changed.
 */
export function AgentReportSummary({ record }: AgentReportSummaryProps) {
  const report = record.agent_report;
  const recon = report?.reconciliation;
  const changes = report?.data_entry?.changes.length ?? 0;
  if (!recon && !report?.data_entry) return null;
  const failed = recon?.checks.filter((check) => check.status === 'fail') ?? [];
  const warned = recon?.checks.filter((check) => check.status === 'warn') ?? [];
  const color = failed.length > 0 ? 'red' : warned.length > 0 ? 'yellow' : 'teal';
  const listed = [...failed, ...warned];
  return (
    <Alert
      color={color}
      icon={<IconRobot size={18} />}
      title="Agent report"
      aria-label="Agent report"
      data-testid="agent-report"
    >
      <Stack gap="xs">
        {recon && (
          <Group gap="xs">
            <Text size="sm">Reconciliation:</Text>
            <Badge color="red" variant={failed.length ? 'filled' : 'light'}>
              {recon.summary.fail} failed
            </Badge>
            <Badge color="yellow" variant="light">
              {recon.summary.warn} warnings
            </Badge>
            <Badge color="teal" variant="light">
              {recon.summary.pass} passed
            </Badge>
          </Group>
        )}
        {listed.length > 0 && (
          <List size="sm" spacing={2}>
            {listed.slice(0, SHOWN_CHECKS).map((check, index) => (
              <List.Item key={index}>
                {check.status === 'warn' && (
                  <Badge color="yellow" variant="light" size="xs" mr={6}>
                    warning
                  </Badge>
                )}
                {check.message}
                {check.duplicate_of && (
                  <>
                    {' '}
                    <Anchor component={Link} to={`/review/${check.duplicate_of.pipeline_id}`}>
                      Open {check.duplicate_of.original_filename}
                    </Anchor>
                  </>
                )}
              </List.Item>
            ))}
            {listed.length > SHOWN_CHECKS && (
              <List.Item>... and {listed.length - SHOWN_CHECKS} more</List.Item>
            )}
          </List>
        )}
        {report?.data_entry && (
          <Text size="sm">
            Data entry agent:{' '}
            {changes === 0
              ? 'no changes needed'
              : `${changes} value${changes === 1 ? '' : 's'} changed (shown under each value)`}
          </Text>
        )}
      </Stack>
    </Alert>
  );
}
