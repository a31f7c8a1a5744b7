import { type AgentRunResult, AgentRunResultSchema, AgentStatsSchema } from '@parser/contracts';
import { describe, expect, it } from 'vitest';

import { AppRoutes } from '@/app/router';
import { fixtures } from '@/test/fixtures';
import { json, mockApi } from '@/test/mock-api';
import { render, screen, userEvent, waitFor, within } from '@/test/render';

const stats = (data_entry_enabled: number, reconciliation_enabled: number) =>
  AgentStatsSchema.parse({ total_pending: 9, data_entry_enabled, reconciliation_enabled });

const item = (n: number, success = true) => ({
  pipeline_id: `${String(n).padStart(8, '0')}-aaaa-4bbb-8ccc-dddddddddddd`,
  success,
  message: success ? `${n} values improved` : 'The extracted data of this document cannot be read',
});

const result = (overrides: Partial<AgentRunResult>): AgentRunResult =>
  AgentRunResultSchema.parse({
    success: true,
    processed: 0,
    successful: 0,
    failed: 0,
    results: [],
    agent: 'data_entry',
    run_id: null,
    status: 'completed',
    total: 0,
    ...overrides,
  });

describe('/agents', () => {
  it('shows the pending count, both agents, and disables a run with nothing to do', async () => {
    mockApi({ 'GET /api/pipelines/agent-stats': () => json(stats(7, 0)) });
    render(<AppRoutes />, { route: '/agents', user: fixtures.me() });

    expect(
      await screen.findByRole('heading', { name: 'Document Processing Agents' }),
    ).toBeInTheDocument();
    expect(await screen.findByText('9 pending documents ready')).toBeInTheDocument();
    const dataEntry = screen.getByRole('region', { name: 'Data Entry Agent' });
    const recon = screen.getByRole('region', { name: 'Reconciliation Agent' });
    expect(within(dataEntry).getByText('Small model')).toBeInTheDocument();
    expect(within(dataEntry).getByRole('button', { name: 'Run on All Pending (7)' })).toBeEnabled();
    expect(within(recon).getByRole('button', { name: 'Run on All Pending (0)' })).toBeDisabled();
    expect(
      screen.getByText(
        'Agents change extracted data in place without changing the pipeline status.',
      ),
    ).toBeInTheDocument();
  });

  it("runs over 'all' pending and shows the first 5 results, '... and N more', and clears", async () => {
    const results = [1, 2, 3, 4, 5, 6, 7].map((n) => item(n, n !== 2));
    const stub = mockApi({
      'GET /api/pipelines/agent-stats': () => json(stats(7, 7)),
      'POST /api/agents/data-entry/run': () =>
        json(
          result({
            success: false,
            processed: 7,
            successful: 6,
            failed: 1,
            results,
            total: 7,
          }),
        ),
    });
    render(<AppRoutes />, { route: '/agents', user: fixtures.me() });
    const dataEntry = await screen.findByRole('region', { name: 'Data Entry Agent' });
    await userEvent.click(
      within(dataEntry).getByRole('button', { name: 'Run on All Pending (7)' }),
    );

    const card = await screen.findByRole('region', { name: 'Agent results' });
    expect(stub.callsTo('POST /api/agents/data-entry/run')[0]?.body).toEqual({
      pipeline_ids: 'all',
    });
    expect(within(card).getByText('Data Entry Agent Results')).toBeInTheDocument();
    expect(within(card).getByTestId('run-status')).toHaveTextContent('Failed');
    expect(within(card).getByText('Processed').previousSibling).toHaveTextContent('7');
    expect(within(card).getByText('Successful').previousSibling).toHaveTextContent('6');
    expect(within(card).getAllByRole('listitem')).toHaveLength(5);
    expect(within(card).getByText('00000001...')).toBeInTheDocument();
    expect(within(card).queryByText('00000006...')).not.toBeInTheDocument();
    expect(within(card).getByText('... and 2 more')).toBeInTheDocument();

    await userEvent.click(within(card).getByRole('button', { name: 'Clear Results' }));
    expect(screen.queryByRole('region', { name: 'Agent results' })).not.toBeInTheDocument();
  });

  it('shows the progress of a background run until it completes', async () => {
    const runId = '11111111-2222-4333-8444-555555555555';
    mockApi({
      'GET /api/pipelines/agent-stats': () => json(stats(0, 30)),
      'POST /api/agents/reconciliation/run': () =>
        json(result({ agent: 'reconciliation', run_id: runId, status: 'running', total: 30 })),
      [`GET /api/agents/runs/${runId}`]: (_call, count) =>
        json(
          count === 1
            ? result({
                agent: 'reconciliation',
                run_id: runId,
                status: 'running',
                total: 30,
                processed: 10,
                successful: 10,
                results: Array.from({ length: 10 }, (_, i) => item(i + 1)),
              })
            : result({
                agent: 'reconciliation',
                run_id: runId,
                total: 30,
                processed: 30,
                successful: 30,
                results: Array.from({ length: 30 }, (_, i) => item(i + 1)),
              }),
        ),
    });
    render(<AppRoutes />, { route: '/agents', user: fixtures.me() });
    await userEvent.click(await screen.findByRole('button', { name: 'Run on All Pending (30)' }));

    const card = await screen.findByRole('region', { name: 'Agent results' });
    expect(await within(card).findByText('10 of 30 documents processed')).toBeInTheDocument();
    await waitFor(
      () => expect(within(card).getByTestId('run-status')).toHaveTextContent('Completed'),
      { timeout: 4000 },
    );
    expect(within(card).getByText('... and 25 more')).toBeInTheDocument();
  });
});
