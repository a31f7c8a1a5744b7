import { AgentReportSchema } from '@parser/contracts';
import { beforeEach, describe, expect, it } from 'vitest';

import { flowFixtures as f } from '@/features/pipelines/test/fixtures';
import { stubObjectUrls } from '@/test/downloads';
import { screen, within } from '@/test/render';
import { ADMIN_USER, openReviewScreen } from '@/test/review-screen';

beforeEach(() => {
  stubObjectUrls();
});

/** Line 1 reads 120.50 for 2 × 60.00; the data entry agent wrote the date as ISO. */
const report = AgentReportSchema.parse({
  data_entry: {
    ran_at: '2025-03-08T10:00:00Z',
    changes: [
      {
        field: 'invoice_date',
        old: '07/03/2025',
        new: '2025-03-07',
        reason: 'Date written as YYYY-MM-DD (the document writes day before month)',
        source: 'rule',
      },
    ],
  },
  reconciliation: {
    ran_at: '2025-03-08T10:00:01Z',
    summary: { pass: 4, warn: 1, fail: 2 },
    checks: [
      {
        kind: 'arithmetic',
        status: 'fail',
        message: 'The lines add up to the total does not hold: off by 0.50.',
        fields: [{ table: 'line_items', row: 0, column: 'amount' }, { field: 'total' }],
        difference: 0.5,
        suspect: { table: 'line_items', row: 0, column: 'amount', expected: 120 },
      },
      {
        kind: 'duplicate',
        status: 'fail',
        message: 'Possible duplicate of invoice-000.pdf',
        fields: [{ field: 'invoice_number' }],
        duplicate_of: { pipeline_id: 'pl-0000000001', original_filename: 'invoice-000.pdf' },
      },
      {
        kind: 'arithmetic',
        status: 'warn',
        message:
          'Subtotal + tax = total does not hold: a printed line "Delivery 12.00" was not read.',
        fields: [{ field: 'subtotal' }, { field: 'total' }],
        difference: 12,
      },
    ],
  },
});

describe('/review/:pipelineId with an agent report', () => {
  it('shows the report at the top, the change under its value and the misread cell marked', async () => {
    openReviewScreen(f.review({ agent_report: report }), { users: [ADMIN_USER] });

    const summary = await screen.findByTestId('agent-report');
    expect(within(summary).getByText('2 failed')).toBeInTheDocument();
    expect(within(summary).getByRole('link', { name: 'Open invoice-000.pdf' })).toHaveAttribute(
      'href',
      '/review/pl-0000000001',
    );
    expect(within(summary).getByText(/1 value changed/)).toBeInTheDocument();
    // a warning says what to look at, after the failures
    const listed = within(summary).getAllByRole('listitem');
    expect(listed.map((item) => item.textContent)).toEqual([
      'The lines add up to the total does not hold: off by 0.50.',
      'Possible duplicate of invoice-000.pdf Open invoice-000.pdf',
      'warningSubtotal + tax = total does not hold: a printed line "Delivery 12.00" was not read.',
    ]);

    const date = screen.getByRole('textbox', { name: 'Invoice Date' });
    expect(date).toHaveAccessibleDescription(
      /Agent: was 07\/03\/2025 · Date written as YYYY-MM-DD/,
    );
    const amount = screen.getByRole('textbox', { name: 'Line Items row 1 Amount' });
    expect(amount).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByText('Likely misread: the sums agree with 120.00')).toBeInTheDocument();
  });
});

/** The total read unsurely is the one figure the sums disagree with: a warning names it. */
const warned = AgentReportSchema.parse({
  data_entry: null,
  reconciliation: {
    ran_at: '2025-03-08T10:00:01Z',
    summary: { pass: 2, warn: 2, fail: 0 },
    checks: [
      {
        kind: 'arithmetic',
        status: 'warn',
        message:
          'The lines add up to the total does not hold as read: off by 5.00. Total reads 120.50, the one figure the sums disagree with; read as 125.50 every sum holds. Check it against the page.',
        fields: [{ table: 'line_items', row: 0, column: 'amount' }, { field: 'total' }],
        difference: -5,
        suspect: { field: 'total', expected: 125.5 },
      },
      {
        kind: 'arithmetic',
        status: 'warn',
        message: 'Line 1: qty × unit price = amount does not hold as read: off by 0.50.',
        fields: [{ table: 'line_items', row: 0, column: 'amount' }],
        difference: 0.5,
        suspect: { table: 'line_items', row: 0, column: 'amount', expected: 120 },
      },
    ],
  },
});

describe('/review/:pipelineId with a warning naming a likely misread', () => {
  it('marks the warned value quietly, with the warning, and leaves it valid', async () => {
    openReviewScreen(f.review({ agent_report: warned }));

    const total = await screen.findByRole('textbox', { name: 'Total' });
    expect(total).toHaveAttribute('data-recon-warning', 'true');
    expect(total).not.toHaveAttribute('aria-invalid', 'true');
    expect(total).toHaveAccessibleDescription(
      /Warning: The lines add up to the total does not hold as read.*read as 125\.50 every sum holds/,
    );
    // an unwarned value carries no mark
    expect(screen.getByRole('textbox', { name: 'Invoice Number' })).not.toHaveAttribute(
      'data-recon-warning',
    );

    const amount = screen.getByRole('textbox', { name: 'Line Items row 1 Amount' });
    expect(amount).toHaveAttribute('data-recon-warning', 'true');
    expect(amount).not.toHaveAttribute('aria-invalid', 'true');
    expect(amount).toHaveAccessibleDescription(
      'Check against the page: the sums agree with 120.00',
    );
  });
});
