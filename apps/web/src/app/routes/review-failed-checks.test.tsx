import {
  AgentReportSchema,
  type CompanySettings,
  DEFAULT_COMPANY_SETTINGS,
  type ReviewRecord,
} from '@parser/contracts';
import { beforeEach, describe, expect, it } from 'vitest';

import { AppRoutes } from '@/app/router';
import { flowFixtures as f } from '@/features/pipelines/test/fixtures';
import { stubObjectUrls } from '@/test/downloads';
import { fixtures } from '@/test/fixtures';
import { json, mockApi } from '@/test/mock-api';
import { render, screen, userEvent, within } from '@/test/render';

const ID = 'pl-1234567890';
const APPROVAL = `/api/pipelines/${ID}/approval`;

beforeEach(() => {
  stubObjectUrls();
});

const SUM_FAILS = 'Subtotal + tax = total does not hold: off by 18.00.';

/** The checks of the values at approval: the sum fails, a required field passes. */
const failing = AgentReportSchema.parse({
  data_entry: null,
  reconciliation: {
    ran_at: '2025-03-08T10:00:00Z',
    summary: { pass: 1, warn: 0, fail: 1 },
    checks: [
      {
        kind: 'arithmetic',
        status: 'fail',
        message: SUM_FAILS,
        fields: [{ field: 'total' }],
        difference: -18,
      },
      {
        kind: 'required',
        status: 'pass',
        message: 'Total is present',
        fields: [{ field: 'total' }],
      },
    ],
  },
});

function stubApproval(record: ReviewRecord, settings: Partial<CompanySettings> = {}) {
  return mockApi({
    [`GET /api/pipelines/${ID}/review`]: () => json(record),
    [`POST ${APPROVAL}`]: () => json({ ...record, current_step: 'completed' }),
    'GET /api/company/settings': () =>
      json({ ...DEFAULT_COMPANY_SETTINGS, download_zip_on_approval: false, ...settings }),
    'GET /api/users/tenant': () => json([]),
  });
}

const atApproval = (overrides: Partial<ReviewRecord> = {}) =>
  f.review({ current_step: 'approval', overall_status: 'needs_approval', ...overrides });

async function clickApprove() {
  render(<AppRoutes />, { route: `/review/${ID}`, user: fixtures.me() });
  const card = await screen.findByRole('form', { name: 'Approval Decision' });
  await userEvent.click(within(card).getByRole('button', { name: 'Approve' }));
}

describe('/review/:pipelineId approving values whose checks fail', { timeout: 60_000 }, () => {
  it('lists the failed checks and approves only once the approver confirms', async () => {
    const stub = stubApproval(atApproval({ agent_report: failing }));
    await clickApprove();
    const dialog = await screen.findByRole('dialog', { name: 'Approve values whose checks fail?' });
    expect(within(dialog).getByText(SUM_FAILS)).toBeInTheDocument();
    expect(stub.callsTo(`POST ${APPROVAL}`)).toHaveLength(0);

    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(stub.callsTo(`POST ${APPROVAL}`)).toHaveLength(0);

    await userEvent.click(
      within(screen.getByRole('form', { name: 'Approval Decision' })).getByRole('button', {
        name: 'Approve',
      }),
    );
    const again = await screen.findByRole('dialog', { name: 'Approve values whose checks fail?' });
    await userEvent.type(within(again).getByRole('textbox'), 'Vendor confirmed the total');
    await userEvent.click(within(again).getByRole('button', { name: 'Approve anyway' }));
    expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeInTheDocument();
    expect(stub.callsTo(`POST ${APPROVAL}`)[0]?.body).toMatchObject({
      action: 'approve',
      confirm_failed_checks: true,
      notes: 'Vendor confirmed the total',
    });
  });

  it('asks for a note first when the company requires one', async () => {
    const stub = stubApproval(atApproval({ agent_report: failing }), {
      require_note_for_failed_checks: true,
    });
    await clickApprove();
    const dialog = await screen.findByRole('dialog', { name: 'Approve values whose checks fail?' });
    const approve = within(dialog).getByRole('button', { name: 'Approve anyway' });
    expect(approve).toBeDisabled();
    await userEvent.type(
      within(dialog).getByRole('textbox', { name: /Why approve anyway\?/ }),
      'Rounding agreed with the vendor',
    );
    expect(approve).toBeEnabled();
    await userEvent.click(approve);
    expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeInTheDocument();
    expect(stub.callsTo(`POST ${APPROVAL}`)[0]?.body).toMatchObject({
      confirm_failed_checks: true,
      notes: 'Rounding agreed with the vendor',
    });
  });

  it('approves at once when no check fails', async () => {
    const passing = AgentReportSchema.parse({
      ...failing,
      reconciliation: {
        ...failing.reconciliation!,
        summary: { pass: 1, warn: 0, fail: 0 },
        checks: failing.reconciliation!.checks.filter((check) => check.status === 'pass'),
      },
    });
    const stub = stubApproval(atApproval({ agent_report: passing }));
    await clickApprove();
    expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    const body = stub.callsTo(`POST ${APPROVAL}`)[0]?.body as Record<string, unknown>;
    expect(body).toMatchObject({ action: 'approve' });
    expect(body).toMatchObject({ confirm_failed_checks: false });
  });
});
