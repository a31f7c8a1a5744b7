import {
  type CompanySettings,
  DEFAULT_COMPANY_SETTINGS,
  type QueuePosition,
  type ReviewRecord,
} from '@parser/contracts';
import { beforeEach, describe, expect, it } from 'vitest';

import { AppRoutes } from '@/app/router';
import { flowFixtures as f } from '@/features/pipelines/test/fixtures';
import { recordDownloads } from '@/test/downloads';
import { fixtures } from '@/test/fixtures';
import { type ApiHandler, errorResponse, json, mockApi } from '@/test/mock-api';
import { fireEvent, render, screen, userEvent, waitFor, within } from '@/test/render';

const ID = 'pl-1234567890';
const NEXT = 'pl-next';
const PREVIOUS = 'pl-previous';
const REVIEW = `/api/pipelines/${ID}/review`;
const APPROVAL = `/api/pipelines/${ID}/approval`;
const EXPORT = `/api/pipelines/${ID}/export`;

const place = (overrides: Partial<QueuePosition> = {}): QueuePosition => ({
  position: 2,
  total: 5,
  previous_id: PREVIOUS,
  next_id: NEXT,
  ...overrides,
});
const atApproval = (overrides: Partial<ReviewRecord> = {}) =>
  f.review({ current_step: 'approval', overall_status: 'needs_approval', ...overrides });

interface StubOptions {
  record?: ReviewRecord;
  queue?: QueuePosition;
  settings?: Partial<CompanySettings>;
  extra?: Record<string, ApiHandler>;
}

/** The review screen's calls, with the queue, the settings and the neighbours' records. */
function stubScreen({
  record = f.review(),
  queue = place(),
  settings = {},
  extra = {},
}: StubOptions) {
  return mockApi({
    [`GET ${REVIEW}`]: () => json(record),
    [`GET /api/pipelines/${ID}/queue-position`]: () => json(queue),
    [`GET /api/pipelines/${NEXT}/review`]: () =>
      json(f.review({ pipeline_id: NEXT, document_id: NEXT, original_filename: 'next.pdf' })),
    [`GET /api/pipelines/${NEXT}/queue-position`]: () =>
      json(place({ position: 2, total: 4, previous_id: null, next_id: null })),
    [`GET /api/pipelines/${PREVIOUS}/review`]: () =>
      json(
        f.review({ pipeline_id: PREVIOUS, document_id: PREVIOUS, original_filename: 'prev.pdf' }),
      ),
    [`GET /api/pipelines/${PREVIOUS}/queue-position`]: () => json(place({ position: 1 })),
    'GET /api/company/settings': () => json({ ...DEFAULT_COMPANY_SETTINGS, ...settings }),
    'GET /api/users/tenant': () => json([]),
    ...extra,
  });
}

const renderReview = (id = ID) =>
  render(<AppRoutes />, { route: `/review/${id}`, user: fixtures.me({ uid: 'user-1' }) });
const field = (label: string) => screen.getByRole('textbox', { name: label });
const heading = () => screen.findByRole('heading', { name: 'Review Document' });

let downloads: string[];
beforeEach(() => {
  downloads = recordDownloads();
});

describe('/review/:pipelineId in the queue', { timeout: 60_000 }, () => {
  it('shows "2 of 5 to review" and opens the previous and next documents', async () => {
    stubScreen({});
    const { router } = renderReview();
    expect(await screen.findByTestId('queue-position')).toHaveTextContent('2 of 5 to review');
    await userEvent.click(screen.getByRole('button', { name: 'Next document' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/review/${NEXT}`));
    expect((await screen.findAllByText('next.pdf')).length).toBeGreaterThan(0);
  });

  it('opens the next document with Alt+ArrowDown and disables a missing neighbour', async () => {
    stubScreen({ queue: place({ previous_id: null, position: 1 }) });
    const { router } = renderReview();
    expect(await screen.findByTestId('queue-position')).toHaveTextContent('1 of 5');
    expect(screen.getByRole('button', { name: 'Previous document' })).toBeDisabled();
    await userEvent.keyboard('{Alt>}{ArrowDown}{/Alt}');
    await waitFor(() => expect(router.state.location.pathname).toBe(`/review/${NEXT}`));
  });

  it("'Submit & next' submits the review, then opens the next document to review", async () => {
    const stub = stubScreen({ extra: { [`POST ${REVIEW}`]: () => json(atApproval()) } });
    const { router } = renderReview();
    await screen.findByTestId('queue-position');
    await userEvent.click(screen.getByRole('button', { name: 'Submit & next' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/review/${NEXT}`));
    expect(stub.callsTo(`POST ${REVIEW}`)[0]?.body).toMatchObject({ action: 'submit', version: 3 });
  });

  it("'Approve & next' approves without the ZIP when the company turned it off", async () => {
    const stub = stubScreen({
      record: atApproval(),
      settings: { download_zip_on_approval: false },
      extra: { [`POST ${APPROVAL}`]: () => json(atApproval({ current_step: 'completed' })) },
    });
    const { router } = renderReview();
    await screen.findByTestId('queue-position');
    await userEvent.click(await screen.findByRole('button', { name: 'Approve & next' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/review/${NEXT}`));
    expect(stub.callsTo(`POST ${APPROVAL}`)[0]?.body).toMatchObject({ action: 'approve' });
    expect(stub.callsTo(`GET ${EXPORT}`)).toHaveLength(0);
    expect(downloads).toEqual([]);
  });

  it('keeps the spec flow for Approve: no ZIP when turned off, then the dashboard', async () => {
    const stub = stubScreen({
      record: atApproval(),
      settings: { download_zip_on_approval: false },
      extra: { [`POST ${APPROVAL}`]: () => json(atApproval({ current_step: 'completed' })) },
    });
    renderReview();
    const card = await screen.findByRole('form', { name: 'Approval Decision' });
    await userEvent.click(within(card).getByRole('button', { name: 'Approve' }));
    expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeInTheDocument();
    expect(stub.callsTo(`GET ${EXPORT}`)).toHaveLength(0);
  });
});

describe('/review/:pipelineId keeps unsaved edits', { timeout: 60_000 }, () => {
  it('asks before leaving with unsaved edits, and stays when asked to', async () => {
    stubScreen({});
    const { router } = renderReview();
    await screen.findByTestId('queue-position');
    await userEvent.type(field('Invoice Number'), '-X');
    await userEvent.click(screen.getByRole('button', { name: 'Next document' }));

    const dialog = await screen.findByRole('dialog', { name: 'Leave without saving?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Stay' }));
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Leave without saving?' })).toBeNull(),
    );
    expect(router.state.location.pathname).toBe(`/review/${ID}`);
    expect(field('Invoice Number')).toHaveValue('INV-001-X');

    await userEvent.click(screen.getByRole('button', { name: 'Next document' }));
    await userEvent.click(
      within(await screen.findByRole('dialog', { name: 'Leave without saving?' })).getByRole(
        'button',
        { name: 'Leave' },
      ),
    );
    await waitFor(() => expect(router.state.location.pathname).toBe(`/review/${NEXT}`));
  });

  it('warns the browser before the tab closes with unsaved edits', async () => {
    stubScreen({});
    renderReview();
    const number = await screen.findByRole('textbox', { name: 'Invoice Number' });
    const clean = new Event('beforeunload', { cancelable: true });
    window.dispatchEvent(clean);
    expect(clean.defaultPrevented).toBe(false);

    await userEvent.type(number, '-X');
    const dirty = new Event('beforeunload', { cancelable: true });
    window.dispatchEvent(dirty);
    expect(dirty.defaultPrevented).toBe(true);
  });

  it('keeps a draft, offers it back on return, and forgets it once saved', async () => {
    const stub = stubScreen({
      extra: { [`POST ${REVIEW}`]: () => json(f.review({ version: 4 })) },
    });
    const first = renderReview();
    await userEvent.type(await screen.findByRole('textbox', { name: 'Invoice Number' }), '-X');
    await userEvent.type(screen.getByRole('textbox', { name: 'Review Notes' }), 'Half done');
    first.unmount();

    renderReview();
    const banner = await screen.findByText('Unsaved edits found');
    expect(field('Invoice Number')).toHaveValue('INV-001');
    await userEvent.click(
      within(banner.closest('[role="alert"]') as HTMLElement).getByRole('button', {
        name: 'Restore edits',
      }),
    );
    expect(field('Invoice Number')).toHaveValue('INV-001-X');
    expect(screen.getByRole('textbox', { name: 'Review Notes' })).toHaveValue('Half done');

    await userEvent.click(screen.getByRole('button', { name: 'Save Draft' }));
    await screen.findByText('Review saved');
    expect(stub.callsTo(`POST ${REVIEW}`)[0]?.body).toMatchObject({
      reviewed_data: { fields: { invoice_number: 'INV-001-X' } },
      review_notes: 'Half done',
    });
    expect(localStorage.getItem(`parser.review-draft.${ID}`)).toBeNull();
  });

  it('does not offer a draft made on an older version', async () => {
    localStorage.setItem(
      `parser.review-draft.${ID}`,
      JSON.stringify({
        version: 2,
        values: { fields: { invoice_number: 'OLD' }, tables: {} },
        notes: '',
        saved_at: '2025-03-07T14:05:00Z',
      }),
    );
    stubScreen({});
    renderReview();
    await screen.findByTestId('queue-position');
    expect(screen.queryByText('Unsaved edits found')).not.toBeInTheDocument();
  });
});

describe('/review/:pipelineId by keyboard', { timeout: 60_000 }, () => {
  it("lists the shortcuts with '?'", async () => {
    stubScreen({});
    renderReview();
    await heading();
    (document.activeElement as HTMLElement | null)?.blur();
    await userEvent.keyboard('?');
    const dialog = await screen.findByRole('dialog', { name: 'Keyboard shortcuts' });
    expect(within(dialog).getByText('Move to the next value')).toBeInTheDocument();
    expect(
      within(dialog).getByText(/Submit & next; at approval, Approve & next/),
    ).toBeInTheDocument();
  });

  it('focuses the first low-confidence value and moves on with Enter', async () => {
    stubScreen({});
    renderReview();
    const total = await screen.findByRole('textbox', { name: 'Total' });
    await waitFor(() => expect(total).toHaveFocus());
    await userEvent.keyboard('{Enter}');
    expect(field('Paid')).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    expect(field('Line Items row 1 Description')).toHaveFocus();
  });

  it('tabs through the fields, then the tables, then the decision', async () => {
    stubScreen({});
    renderReview();
    const paid = await screen.findByRole('textbox', { name: 'Paid' });
    const expected = [
      screen.getByRole('button', { name: 'Add Row' }),
      field('Line Items row 1 Description'),
      field('Line Items row 1 Qty'),
      field('Line Items row 1 Amount'),
      screen.getByRole('button', { name: 'Delete Line Items row 1' }),
      screen.getByRole('textbox', { name: 'Review Notes' }),
      screen.getByRole('button', { name: 'Save Draft' }),
      screen.getByRole('button', { name: 'Submit Review' }),
    ];
    paid.focus();
    for (const element of expected) {
      await userEvent.tab();
      expect(element).toHaveFocus();
    }
  });

  it('asks to confirm a decision made by shortcut, and sends nothing on Cancel', async () => {
    const stub = stubScreen({
      record: atApproval(),
      extra: {
        [`POST ${APPROVAL}`]: () => json(atApproval({ current_step: 'completed' })),
        [`GET ${EXPORT}`]: () => new Response(new Blob(['zip']), { status: 200 }),
      },
    });
    renderReview();
    await screen.findByRole('form', { name: 'Approval Decision' });
    await userEvent.keyboard('{Control>}{Enter}{/Control}');
    const dialog = await screen.findByRole('dialog', { name: 'Approve?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(stub.callsTo(`POST ${APPROVAL}`)).toHaveLength(0);

    await userEvent.keyboard('{Control>}{Enter}{/Control}');
    await userEvent.click(
      within(await screen.findByRole('dialog', { name: 'Approve?' })).getByRole('button', {
        name: 'Approve',
      }),
    );
    expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeInTheDocument();
    expect(stub.callsTo(`POST ${APPROVAL}`)).toHaveLength(1);
  });
});

describe('/review/:pipelineId at approval', { timeout: 60_000 }, () => {
  it("shows the sender's note at the top", async () => {
    stubScreen({
      record: atApproval({
        review_notes: 'PO 7781 attached, freight agreed by phone',
        history: [
          {
            id: 1,
            kind: 'review_submitted',
            actor: 'bob@example.com',
            at: '2025-03-08T10:00:00Z',
            data: { notes: 'PO 7781 attached, freight agreed by phone' },
          },
        ],
      }),
    });
    renderReview();
    const title = await screen.findByText('Note from bob@example.com');
    const note = title.closest('[role="alert"]') as HTMLElement;
    expect(within(note).getByText('PO 7781 attached, freight agreed by phone')).toBeInTheDocument();
    // At the top: before the values.
    expect(
      note.compareDocumentPosition(field('Invoice Number')) & Node.DOCUMENT_POSITION_FOLLOWING,
    ).toBeTruthy();
  });

  it('disables Approve for the submitter when the company forbids self-approval', async () => {
    stubScreen({
      record: atApproval({ submitted_by: 'user-1' }),
      settings: { allow_self_approval: false },
    });
    renderReview();
    const card = await screen.findByRole('form', { name: 'Approval Decision' });
    expect(await within(card).findByText('Someone else approves this')).toBeInTheDocument();
    expect(within(card).getByRole('button', { name: 'Approve' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Approve & next' })).toBeDisabled();
  });

  it('says why when the server refuses a self-approval (403 SELF_APPROVAL)', async () => {
    stubScreen({
      record: atApproval(),
      extra: {
        [`POST ${APPROVAL}`]: () =>
          errorResponse(403, {
            detail:
              'You submitted this document for approval, and your company requires someone else to approve it',
            code: 'SELF_APPROVAL',
          }),
      },
    });
    renderReview();
    const card = await screen.findByRole('form', { name: 'Approval Decision' });
    await userEvent.click(within(card).getByRole('button', { name: 'Approve' }));
    expect(await screen.findByText(/requires someone else to approve it/)).toBeInTheDocument();
  });
});

describe('/review/:pipelineId values', { timeout: 60_000 }, () => {
  it('shows the currency beside amounts', async () => {
    const record = f.review();
    record.extracted_data!.fields.total!.currency = 'EUR';
    record.extracted_data!.tables.line_items!.rows[0]!.amount!.currency = 'EUR';
    stubScreen({ record });
    renderReview();
    const total = await screen.findByRole('textbox', { name: 'Total' });
    expect(
      within(total.closest('.mantine-InputWrapper-root') as HTMLElement).getByText('EUR'),
    ).toBeInTheDocument();
    const amount = field('Line Items row 1 Amount');
    expect(within(amount.closest('td')!).getByText('EUR')).toBeInTheDocument();
  });

  it('marks low-confidence cells and shows a cell confidence on hover', async () => {
    stubScreen({});
    renderReview();
    const amount = await screen.findByRole('textbox', { name: 'Line Items row 1 Amount' });
    expect(amount).toHaveAttribute('data-low-confidence', 'true');
    expect(field('Line Items row 1 Qty')).not.toHaveAttribute('data-low-confidence');
    fireEvent.mouseEnter(field('Line Items row 1 Qty'));
    expect(await screen.findByText('Confidence 90%')).toBeInTheDocument();
  });

  it('focuses the new row on Add Row and never sends a row left empty', async () => {
    const stub = stubScreen({ extra: { [`POST ${REVIEW}`]: () => json(f.review()) } });
    renderReview();
    await userEvent.click(await screen.findByRole('button', { name: 'Add Row' }));
    await waitFor(() => expect(field('Line Items row 2 Description')).toHaveFocus());
    await userEvent.click(screen.getByRole('button', { name: 'Add Row' }));
    await userEvent.type(field('Line Items row 3 Description'), 'Freight');
    await userEvent.click(screen.getByRole('button', { name: 'Save Draft' }));
    await screen.findByText('Review saved');
    const body = stub.callsTo(`POST ${REVIEW}`)[0]?.body as {
      reviewed_data: { tables: { line_items: { description: unknown }[] } };
    };
    expect(body.reviewed_data.tables.line_items.map((row) => row.description)).toEqual([
      'Widget',
      'Freight',
    ]);
  });
});
