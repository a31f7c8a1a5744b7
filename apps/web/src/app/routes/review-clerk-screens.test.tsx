import { DEFAULT_COMPANY_SETTINGS, type ReviewRecord } from '@parser/contracts';
import { beforeEach, describe, expect, it, vi } from 'vitest';

import { AppRoutes } from '@/app/router';
import { flowFixtures as f } from '@/features/pipelines/test/fixtures';
import { stubObjectUrls } from '@/test/downloads';
import { fixtures } from '@/test/fixtures';
import { json, mockApi } from '@/test/mock-api';
import { render, screen, userEvent, within } from '@/test/render';

const ID = 'pl-1234567890';
const SENDER = '44444444-dddd-4ddd-8ddd-000000000001';
const COLLEAGUE = { id: '44444444-dddd-4ddd-8ddd-000000000002', email: 'bob@example.com' };

function stubScreen(record: ReviewRecord, settings = {}) {
  return mockApi({
    [`GET /api/pipelines/${ID}/review`]: () => json(record),
    'GET /api/company/settings': () => json({ ...DEFAULT_COMPANY_SETTINGS, ...settings }),
    'GET /api/users/tenant': () => json([]),
  });
}

const renderReview = (uid: string) =>
  render(<AppRoutes />, { route: `/review/${ID}`, user: fixtures.me({ uid }) });

/** A document the submitter sent to a colleague with a note. */
const sentToColleague = () =>
  f.review({
    current_step: 'approval',
    overall_status: 'needs_approval',
    review_notes: 'Checked the lines',
    assigned_to: COLLEAGUE,
    sent_by: SENDER,
    history: [
      {
        id: 1,
        kind: 'review_submitted',
        actor: 'ada@example.com',
        at: '2025-03-08T10:00:00Z',
        data: { notes: 'Checked the lines' },
      },
      {
        id: 2,
        kind: 'assigned',
        actor: 'ada@example.com',
        at: '2025-03-08T10:05:00Z',
        data: { to: COLLEAGUE, notes: 'Over my limit, please approve' },
      },
    ],
  });

beforeEach(() => {
  stubObjectUrls();
});

describe('/review/:pipelineId sent for approval', { timeout: 60_000 }, () => {
  it("shows the assignee the sender's note above the reviewer's, before the values", async () => {
    stubScreen(sentToColleague());
    renderReview(COLLEAGUE.id);

    const sent = (await screen.findByText('Sent for approval by ada@example.com')).closest(
      '[role="alert"]',
    ) as HTMLElement;
    expect(within(sent).getByText('Over my limit, please approve')).toBeInTheDocument();
    const reviewed = screen.getByText('Note from ada@example.com').closest('[role="alert"]')!;
    expect(sent.compareDocumentPosition(reviewed) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    const firstValue = screen.getByRole('textbox', { name: 'Invoice Number' });
    expect(
      reviewed.compareDocumentPosition(firstValue) & Node.DOCUMENT_POSITION_FOLLOWING,
    ).toBeTruthy();
    const card = screen.getByRole('form', { name: 'Approval Decision' });
    expect(within(card).getByRole('button', { name: 'Approve' })).toBeEnabled();
  });

  it('disables Approve for the sender, saying whose decision it is now', async () => {
    stubScreen(sentToColleague());
    renderReview(SENDER);

    const card = await screen.findByRole('form', { name: 'Approval Decision' });
    expect(
      await within(card).findByText(
        'You sent this document to bob@example.com for approval, so it is theirs to approve. You can still reject it or send it to someone else.',
      ),
    ).toBeInTheDocument();
    expect(within(card).getByRole('button', { name: 'Approve' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Approve & next' })).toBeDisabled();
  });

  it('lets the sender approve when the company keeps sent documents with their sender', async () => {
    stubScreen(sentToColleague(), { sender_keeps_sent_documents: true });
    renderReview(SENDER);

    const card = await screen.findByRole('form', { name: 'Approval Decision' });
    await screen.findByText('Sent for approval by ada@example.com');
    expect(within(card).getByRole('button', { name: 'Approve' })).toBeEnabled();
    expect(within(card).queryByText('Someone else approves this')).not.toBeInTheDocument();
  });
});

describe('/review/:pipelineId restore banner', { timeout: 60_000 }, () => {
  it('takes the focus when edits are offered back, instead of the first value', async () => {
    localStorage.setItem(
      `parser.review-draft.${ID}`,
      JSON.stringify({
        version: 3,
        values: { fields: { invoice_number: 'INV-001-X' }, tables: {} },
        notes: '',
        saved_at: '2025-03-07T14:05:00Z',
      }),
    );
    const scrolled = vi.spyOn(HTMLElement.prototype, 'scrollIntoView');
    stubScreen(f.review());
    renderReview(SENDER);

    const restore = await screen.findByRole('button', { name: 'Restore edits' });
    expect(restore).toHaveFocus();
    expect(scrolled.mock.contexts).toContain(restore.closest('[role="alert"]'));
  });
});

describe('/review/:pipelineId long values', { timeout: 60_000 }, () => {
  it('wraps text values over several lines and keeps amounts on one', async () => {
    const record = f.review();
    const address =
      'Müller & Söhne GmbH, Industriestraße 147, Gebäude C, 70565 Stuttgart-Vaihingen';
    record.extracted_data!.fields.invoice_number!.value = address;
    stubScreen(record);
    renderReview(SENDER);

    const number = await screen.findByRole('textbox', { name: 'Invoice Number' });
    expect(number.tagName).toBe('TEXTAREA');
    expect(number).toHaveValue(address);
    expect(screen.getByRole('textbox', { name: 'Line Items row 1 Description' }).tagName).toBe(
      'TEXTAREA',
    );
    expect(screen.getByRole('textbox', { name: 'Total' }).tagName).toBe('INPUT');
    expect(screen.getByRole('textbox', { name: 'Line Items row 1 Amount' }).tagName).toBe('INPUT');
  });

  it('moves on with Enter instead of adding a line break to a text value', async () => {
    stubScreen(f.review());
    renderReview(SENDER);

    const number = await screen.findByRole('textbox', { name: 'Invoice Number' });
    await userEvent.click(number);
    await userEvent.keyboard('{End}-7{Enter}');
    expect(number).toHaveValue('INV-001-7');
    expect(screen.getByRole('textbox', { name: 'Invoice Date' })).toHaveFocus();
  });
});
