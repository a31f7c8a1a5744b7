import { type ReviewRecord, TenantUserListSchema } from '@parser/contracts';
import { fireEvent } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';

import { AppRoutes } from '@/app/router';
import { flowFixtures as f } from '@/features/pipelines/test/fixtures';
import { recordDownloads } from '@/test/downloads';
import { fixtures } from '@/test/fixtures';
import { type ApiHandler, errorResponse, json, mockApi } from '@/test/mock-api';
import { render, screen, userEvent, waitFor, within } from '@/test/render';

const ID = 'pl-1234567890';
const REVIEW = `/api/pipelines/${ID}/review`;

const users = TenantUserListSchema.parse([
  {
    id: '44444444-dddd-4ddd-8ddd-000000000001',
    email: 'ada@example.com',
    role: 'admin',
    created_at: '2025-01-01T00:00:00Z',
  },
  {
    id: '44444444-dddd-4ddd-8ddd-000000000002',
    email: 'bob@example.com',
    role: 'member',
    created_at: '2025-01-02T00:00:00Z',
  },
]);

/** The review screen's calls: the record, the tenant's users and the page images. */
function stubReview(record: ReviewRecord | ApiHandler, extra: Record<string, ApiHandler> = {}) {
  return mockApi({
    [`GET ${REVIEW}`]: typeof record === 'function' ? record : () => json(record),
    'GET /api/users/tenant': () => json(users),
    ...extra,
  });
}

const zip = () => new Response(new Blob(['zip'], { type: 'application/zip' }), { status: 200 });
/** What a decision calls: the approval, then perhaps the export, then the dashboard's lists. */
const decisionRoutes = (
  approval: ApiHandler,
  exportZip?: ApiHandler,
): Record<string, ApiHandler> => ({
  [`POST /api/pipelines/${ID}/approval`]: approval,
  ...(exportZip ? { [`GET /api/pipelines/${ID}/export`]: exportZip } : {}),
});
const renderReview = () => render(<AppRoutes />, { route: `/review/${ID}`, user: fixtures.me() });
const field = (label: string) => screen.getByRole('textbox', { name: label });
const cell = (name: string) => screen.getByRole('textbox', { name });

let downloads: string[];
beforeEach(() => {
  downloads = recordDownloads();
});

describe('/review/:pipelineId', { timeout: 30_000 }, () => {
  it('starts from the extracted values when no review is saved', async () => {
    stubReview(f.review());
    renderReview();

    const title = await screen.findByRole('heading', { name: 'Review Document' });
    const header = title.parentElement!;
    expect(within(header).getByText('invoice-001.pdf')).toBeInTheDocument();
    expect(within(header).getByText('Needs Review').closest('[data-step]')).toHaveAttribute(
      'data-color',
      'orange',
    );
    // The label's underscore reads as a space.
    expect(await screen.findByRole('textbox', { name: 'Invoice Number' })).toHaveValue('INV-001');
    expect(field('Invoice Date')).toHaveValue('2025-03-07');
    expect(field('Total')).toHaveValue('120.50');
    expect(field('Paid')).toHaveValue('');
    expect(cell('Line Items row 1 Description')).toHaveValue('Widget');
    expect(cell('Line Items row 1 Qty')).toHaveValue('2');
    expect(screen.getByText('pl-12345...')).toBeInTheDocument();
  });

  it('starts from the saved review once there is one', async () => {
    stubReview(
      f.review({
        reviewed_data: {
          fields: {
            invoice_number: 'INV-001-A',
            invoice_date: '2025-03-08',
            total: 99,
            paid: true,
          },
          tables: { line_items: [] },
        },
        review_notes: 'Checked against the PO',
      }),
    );
    renderReview();

    expect(await screen.findByRole('textbox', { name: 'Invoice Number' })).toHaveValue('INV-001-A');
    expect(field('Total')).toHaveValue('99.00');
    expect(field('Paid')).toHaveValue('true');
    expect(screen.getByRole('textbox', { name: 'Review Notes' })).toHaveValue(
      'Checked against the PO',
    );
    expect(
      screen.getByText('No data in this table. Click "Add Row" to add entries.'),
    ).toBeInTheDocument();
  });

  it('submits edited values typed, with the version it loaded', async () => {
    const submitted = f.review({
      current_step: 'approval',
      overall_status: 'needs_approval',
      version: 4,
    });
    const stub = stubReview(f.review(), { [`POST ${REVIEW}`]: () => json(submitted) });
    renderReview();

    const total = await screen.findByRole('textbox', { name: 'Total' });
    await userEvent.clear(total);
    await userEvent.type(total, '$1,234.50');
    await userEvent.clear(field('Invoice Number'));
    await userEvent.type(field('Paid'), 'yes');
    await userEvent.clear(cell('Line Items row 1 Qty'));
    await userEvent.type(cell('Line Items row 1 Qty'), '3');
    await userEvent.click(screen.getByRole('button', { name: 'Add Row' }));
    await userEvent.type(cell('Line Items row 2 Description'), 'Freight');
    await userEvent.type(cell('Line Items row 2 Amount'), '15');
    await userEvent.type(screen.getByRole('textbox', { name: 'Review Notes' }), 'Fixed total');
    await userEvent.click(screen.getByRole('button', { name: 'Submit Review' }));

    expect(await screen.findByText('Review submitted')).toBeInTheDocument();
    expect(stub.callsTo(`POST ${REVIEW}`)[0]?.body).toEqual({
      reviewed_data: {
        fields: { invoice_number: null, invoice_date: '2025-03-07', total: 1234.5, paid: true },
        tables: {
          line_items: [
            { description: 'Widget', qty: 3, amount: 120.5 },
            { description: 'Freight', qty: null, amount: 15 },
          ],
        },
      },
      review_notes: 'Fixed total',
      version: 3,
      action: 'submit',
    });
    // Submitted: the step moves on and the decision card appears.
    expect(await screen.findByRole('heading', { name: 'Approval Decision' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Submit Review' })).not.toBeInTheDocument();
  });

  it('deletes a row before submitting', async () => {
    const stub = stubReview(f.review(), { [`POST ${REVIEW}`]: () => json(f.review()) });
    renderReview();
    await userEvent.click(await screen.findByRole('button', { name: 'Delete Line Items row 1' }));
    expect(
      screen.getByText('No data in this table. Click "Add Row" to add entries.'),
    ).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Save Draft' }));
    await screen.findByText('Review saved');
    const body = stub.callsTo(`POST ${REVIEW}`)[0]?.body as {
      reviewed_data: unknown;
      action: string;
    };
    expect(body.action).toBe('save');
    expect(body.reviewed_data).toMatchObject({ tables: { line_items: [] } });
  });

  it('shows an error beside a value that does not fit its type and sends nothing', async () => {
    const stub = stubReview(f.review(), { [`POST ${REVIEW}`]: () => json(f.review()) });
    renderReview();
    const date = await screen.findByRole('textbox', { name: 'Invoice Date' });
    await userEvent.clear(date);
    await userEvent.type(date, '07/03/2025');
    await userEvent.clear(cell('Line Items row 1 Qty'));
    await userEvent.type(cell('Line Items row 1 Qty'), 'two');

    expect(screen.getByText('Enter a date as YYYY-MM-DD')).toBeInTheDocument();
    expect(screen.getByText('Enter a number, e.g. 12 or 3.5')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Submit Review' }));
    expect(await screen.findByText(/2 value\(s\) do not fit their type/)).toBeInTheDocument();
    expect(date).toHaveFocus();
    expect(stub.callsTo(`POST ${REVIEW}`)).toHaveLength(0);
  });

  it('says someone else changed the document on 409 CONFLICT and reloads their version', async () => {
    const theirs = f.review({
      version: 5,
      reviewed_data: {
        fields: { invoice_number: 'INV-THEIRS', invoice_date: null, total: 1, paid: null },
        tables: { line_items: [] },
      },
    });
    const stub = stubReview((_call, count) => json(count === 1 ? f.review() : theirs), {
      [`POST ${REVIEW}`]: () =>
        errorResponse(409, { detail: 'Version 3 is stale', code: 'CONFLICT' }),
    });
    renderReview();
    const number = await screen.findByRole('textbox', { name: 'Invoice Number' });
    await userEvent.type(number, '-X');
    await userEvent.click(screen.getByRole('button', { name: 'Submit Review' }));

    const alert = await screen.findByText(
      'Someone else changed this document while you were reviewing it. Reload to see their changes.',
    );
    // The reviewer's text is still there: nothing was overwritten either way.
    expect(number).toHaveValue('INV-001-X');
    await userEvent.click(
      within(alert.closest('[role="alert"]')!).getByRole('button', { name: 'Reload' }),
    );
    await waitFor(() => expect(field('Invoice Number')).toHaveValue('INV-THEIRS'));
    expect(stub.callsTo(`GET ${REVIEW}`)).toHaveLength(2);
    expect(screen.queryByText(/Someone else changed this document/)).not.toBeInTheDocument();
  });

  it('shows the decision card only at approval, the assignee only for send_for_approval', async () => {
    stubReview(f.review({ current_step: 'approval', overall_status: 'needs_approval' }));
    renderReview();
    const card = await screen.findByRole('form', { name: 'Approval Decision' });
    expect(screen.queryByRole('button', { name: 'Submit Review' })).not.toBeInTheDocument();
    expect(field('Total')).toHaveAttribute('readonly');
    expect(within(card).getByRole('button', { name: 'Approve' })).toBeInTheDocument();
    expect(
      within(card).queryByRole('combobox', { name: 'Assign to User' }),
    ).not.toBeInTheDocument();

    await userEvent.click(within(card).getByRole('combobox', { name: 'Action' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Send for Approval' }));
    const assignee = within(card).getByRole('combobox', { name: 'Assign to User' });
    await userEvent.click(assignee);
    expect(await screen.findByRole('option', { name: 'bob@example.com' })).toBeInTheDocument();
    expect(within(card).getByRole('button', { name: 'Send for Approval' })).toBeInTheDocument();

    await userEvent.click(within(card).getByRole('combobox', { name: 'Action' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Reject' }));
    expect(within(card).getByRole('button', { name: 'Reject' })).toBeInTheDocument();
    expect(
      within(card).queryByRole('combobox', { name: 'Assign to User' }),
    ).not.toBeInTheDocument();
  });

  it('hides the decision card at review', async () => {
    stubReview(f.review());
    renderReview();
    await screen.findByRole('button', { name: 'Submit Review' });
    expect(screen.queryByRole('form', { name: 'Approval Decision' })).not.toBeInTheDocument();
  });

  it('sends a document for approval without downloading anything, then goes to the dashboard', async () => {
    const stub = stubReview(
      f.review({ current_step: 'approval', overall_status: 'needs_approval' }),
      decisionRoutes(
        () =>
          json(
            f.review({
              current_step: 'approval',
              assigned_to: { id: '44444444-dddd-4ddd-8ddd-000000000002', email: 'bob@example.com' },
            }),
          ),
        zip,
      ),
    );
    renderReview();
    const card = await screen.findByRole('form', { name: 'Approval Decision' });
    await userEvent.click(within(card).getByRole('combobox', { name: 'Action' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Send for Approval' }));
    await userEvent.click(within(card).getByRole('combobox', { name: 'Assign to User' }));
    await userEvent.click(await screen.findByRole('option', { name: 'bob@example.com' }));
    await userEvent.type(within(card).getByRole('textbox', { name: 'Notes' }), 'Over the limit');
    await userEvent.click(within(card).getByRole('button', { name: 'Send for Approval' }));

    expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeInTheDocument();
    expect(stub.callsTo(`POST /api/pipelines/${ID}/approval`)[0]?.body).toEqual({
      action: 'send_for_approval',
      notes: 'Over the limit',
      assign_to_user_id: '44444444-dddd-4ddd-8ddd-000000000002',
      version: 3,
    });
    expect(stub.callsTo(`GET /api/pipelines/${ID}/export`)).toHaveLength(0);
    expect(downloads).toEqual([]);
  });

  it('approves, downloads the export ZIP, then goes to the dashboard', async () => {
    const stub = stubReview(
      f.review({ current_step: 'approval', overall_status: 'needs_approval' }),
      decisionRoutes(() => json(f.review({ current_step: 'completed' })), zip),
    );
    renderReview();
    const card = await screen.findByRole('form', { name: 'Approval Decision' });
    await userEvent.click(within(card).getByRole('button', { name: 'Approve' }));

    expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeInTheDocument();
    expect(stub.callsTo(`GET /api/pipelines/${ID}/export`)).toHaveLength(1);
    expect(downloads).toEqual([`exports_${ID}.zip`]);
  });

  it('rejects without trying the download', async () => {
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => {});
    const stub = stubReview(
      f.review({ current_step: 'approval', overall_status: 'needs_approval' }),
      decisionRoutes(() =>
        json(f.review({ current_step: 'human_review', decision_notes: 'Wrong vendor' })),
      ),
    );
    renderReview();
    const card = await screen.findByRole('form', { name: 'Approval Decision' });
    await userEvent.click(within(card).getByRole('combobox', { name: 'Action' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Reject' }));
    await userEvent.click(within(card).getByRole('button', { name: 'Reject' }));

    expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeInTheDocument();
    expect(stub.callsTo(`GET /api/pipelines/${ID}/export`)).toHaveLength(0);
    expect(downloads).toEqual([]);
    expect(consoleError).not.toHaveBeenCalledWith('Export download failed:', expect.anything());
  });

  it('still goes to the dashboard when the export download fails, logging the error', async () => {
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => {});
    stubReview(
      f.review({ current_step: 'approval', overall_status: 'needs_approval' }),
      decisionRoutes(
        () => json(f.review({ current_step: 'completed' })),
        () => errorResponse(500, { detail: 'Export failed', code: 'INTERNAL' }),
      ),
    );
    renderReview();
    const card = await screen.findByRole('form', { name: 'Approval Decision' });
    await userEvent.click(within(card).getByRole('button', { name: 'Approve' }));

    expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeInTheDocument();
    expect(downloads).toEqual([]);
    expect(consoleError).toHaveBeenCalledWith('Export download failed:', expect.anything());
  });

  it('colours each value by its extraction confidence until a person changes it', async () => {
    stubReview(f.review());
    renderReview();
    const confidenceOf = (label: string) =>
      field(label).closest('.mantine-InputWrapper-root')!.querySelector('[data-confidence]');

    await screen.findByRole('textbox', { name: 'Invoice Number' });
    expect(confidenceOf('Invoice Number')).toHaveAttribute('data-confidence', 'green');
    expect(confidenceOf('Invoice Number')).toHaveTextContent('95%');
    expect(confidenceOf('Invoice Date')).toHaveAttribute('data-confidence', 'yellow');
    expect(confidenceOf('Total')).toHaveAttribute('data-confidence', 'red');
    expect(
      cell('Line Items row 1 Amount').closest('td')!.querySelector('[data-confidence]'),
    ).toHaveAttribute('data-confidence', 'red');

    // 120.50 → 120.501: a different amount (a trailing zero alone would keep the engine's value).
    await userEvent.type(field('Total'), '1');
    expect(confidenceOf('Total')).toBeNull();
    expect(
      within(field('Total').closest('.mantine-InputWrapper-root') as HTMLElement).getByText(
        'edited',
      ),
    ).toBeInTheDocument();
  });

  it('submits with Ctrl+Enter and moves between fields with Tab', async () => {
    const stub = stubReview(f.review(), { [`POST ${REVIEW}`]: () => json(f.review()) });
    renderReview();
    const number = await screen.findByRole('textbox', { name: 'Invoice Number' });
    number.focus();
    await userEvent.tab();
    expect(field('Invoice Date')).toHaveFocus();
    await userEvent.tab({ shift: true });
    expect(number).toHaveFocus();

    expect(screen.getByText(/to submit/)).toHaveTextContent('Press Ctrl + Enter to submit');
    await userEvent.keyboard('{Control>}{Enter}{/Control}');
    await waitFor(() => expect(stub.callsTo(`POST ${REVIEW}`)).toHaveLength(1));
    expect(stub.callsTo(`POST ${REVIEW}`)[0]?.body).toMatchObject({ action: 'submit', version: 3 });
  });

  it('highlights where a focused value was read, on its page', async () => {
    stubReview(f.review());
    renderReview();
    const number = await screen.findByRole('textbox', { name: 'Invoice Number' });
    // On opening, the cursor waits in the least certain value (Total, read on page 2).
    await waitFor(() => expect(field('Total')).toHaveFocus());
    expect((await screen.findByTestId('source-highlight')).closest('[data-page]')).toHaveAttribute(
      'data-page',
      '2',
    );

    fireEvent.focus(number);
    await waitFor(() =>
      expect(screen.getByTestId('source-highlight').closest('[data-page]')).toHaveAttribute(
        'data-page',
        '1',
      ),
    );
    const box = screen.getByTestId('source-highlight');
    // Pages show 800 px wide at zoom 1: the 612-point page scales by 800 / 612.
    const scale = 800 / 612;
    expect(parseFloat(box.style.left)).toBeCloseTo(100 * scale - 3, 1);
    expect(parseFloat(box.style.width)).toBeCloseTo(100 * scale + 6, 1);

    fireEvent.focus(field('Total'));
    await waitFor(() =>
      expect(screen.getByTestId('source-highlight').closest('[data-page]')).toHaveAttribute(
        'data-page',
        '2',
      ),
    );
  });

  it('shows every page of a PDF as an image and zooms in steps of 0.25', async () => {
    const stub = stubReview(f.review());
    renderReview();
    expect(await screen.findByRole('img', { name: 'Page 1' })).toHaveAttribute(
      'src',
      'blob:preview',
    );
    expect(await screen.findByRole('img', { name: 'Page 2' })).toBeInTheDocument();
    expect(stub.requestedUrls()).toContain('/api/files/file-1/pages/1/image?width=960');

    const zoom = screen.getByTestId('zoom-level');
    await userEvent.click(screen.getByRole('button', { name: 'Zoom in' }));
    expect(zoom).toHaveTextContent('125%');
    await userEvent.click(screen.getByRole('button', { name: 'Reset zoom' }));
    for (let i = 0; i < 3; i += 1) {
      await userEvent.click(screen.getByRole('button', { name: 'Zoom out' }));
    }
    expect(zoom).toHaveTextContent('25%');
    expect(screen.getByRole('button', { name: 'Zoom out' })).toBeDisabled();
  });

  it('shows a Word file as its pages with the source highlighted, and offers its download', async () => {
    const stub = stubReview(
      f.review({
        original_filename: 'letter.docx',
        content_type: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
      }),
      { 'GET /api/files/file-1/view': () => new Response(new Blob(['docx']), { status: 200 }) },
    );
    renderReview();
    expect(await screen.findByRole('img', { name: 'Page 1' })).toHaveAttribute(
      'src',
      'blob:preview',
    );
    // On opening, the cursor waits in the least certain value (Total, read on page 2).
    await waitFor(() => expect(field('Total')).toHaveFocus());
    expect((await screen.findByTestId('source-highlight')).closest('[data-page]')).toHaveAttribute(
      'data-page',
      '2',
    );
    expect(screen.queryByText('Preview not available for this file type')).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Download File' }));
    await waitFor(() => expect(downloads).toEqual(['letter.docx']));
    expect(stub.callsTo('GET /api/files/file-1/view')).toHaveLength(1);
  });

  it('opens the file in a frame from Preview Document', async () => {
    stubReview(f.review(), {
      'GET /api/files/file-1/view': () =>
        new Response(new Blob(['%PDF'], { type: 'application/pdf' }), { status: 200 }),
    });
    renderReview();
    await userEvent.click(await screen.findByRole('button', { name: 'Preview Document' }));
    const dialog = await screen.findByRole('dialog', { name: 'invoice-001.pdf' });
    expect(await within(dialog).findByTitle('invoice-001.pdf')).toHaveAttribute(
      'src',
      'blob:preview',
    );
  });

  it('re-extracts and says so', async () => {
    const log = vi.spyOn(console, 'log').mockImplementation(() => {});
    const stub = stubReview(f.review(), {
      [`POST /api/pipelines/${ID}/re-extract`]: () => json(f.review({ version: 4 })),
    });
    renderReview();
    await userEvent.click(await screen.findByRole('button', { name: 'Re-extract Data' }));
    expect(
      await screen.findByText('Extraction completed! Check console for results.'),
    ).toBeInTheDocument();
    expect(stub.callsTo(`POST /api/pipelines/${ID}/re-extract`)).toHaveLength(1);
    expect(log).toHaveBeenCalledWith('Extraction result:', expect.anything());
  });

  it('says when re-extraction fails', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    stubReview(f.review(), {
      [`POST /api/pipelines/${ID}/re-extract`]: () =>
        errorResponse(422, { detail: 'Cannot read', code: 'EXTRACTION_FAILED' }),
    });
    renderReview();
    await userEvent.click(await screen.findByRole('button', { name: 'Re-extract Data' }));
    expect(
      await screen.findByText('Extraction failed. Check console for details.'),
    ).toBeInTheDocument();
  });

  it('shows why a pipeline failed and retries it', async () => {
    const stub = stubReview(
      f.review({
        current_step: 'failed',
        overall_status: 'failed',
        failure_reason: 'The PDF is encrypted and cannot be read',
        extracted_data: null,
      }),
      {
        [`POST /api/pipelines/${ID}/retry`]: () =>
          json(
            f.review({
              current_step: 'extraction',
              overall_status: 'processing',
              extracted_data: null,
            }),
          ),
      },
    );
    renderReview();
    expect(await screen.findByText('The PDF is encrypted and cannot be read')).toBeInTheDocument();
    expect(screen.getByText('No field data available')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('The document is being processed again')).toBeInTheDocument();
    expect(screen.getAllByText('Extracting...').length).toBeGreaterThan(0);
    expect(screen.queryByRole('button', { name: 'Retry' })).not.toBeInTheDocument();
    expect(stub.callsTo(`POST /api/pipelines/${ID}/retry`)).toHaveLength(1);
  });

  it('shows the rejection note when a document comes back from approval', async () => {
    stubReview(
      f.review({
        decision_notes: 'Total does not match the PO',
        history: [
          {
            id: 1,
            kind: 'rejected',
            actor: 'bob@example.com',
            at: '2025-03-08T10:00:00Z',
            data: { notes: 'Total does not match the PO' },
          },
          {
            id: 2,
            kind: 'field_edited',
            actor: 'ada@example.com',
            at: '2025-03-08T11:00:00Z',
            data: { table: 'line_items', row: 0, column: 'qty', old: 2, new: 3 },
          },
        ],
      }),
    );
    renderReview();
    expect(await screen.findByText('Rejected by bob@example.com')).toBeInTheDocument();
    expect(screen.getByText('Total does not match the PO')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'History (2)' }));
    expect(await screen.findByText('Line Items row 1 Qty: 2 → 3')).toBeInTheDocument();
    expect(screen.getByText('Rejected: "Total does not match the PO"')).toBeInTheDocument();
  });

  it("shows 'Error loading document for review' when the record cannot load", async () => {
    stubReview(() => errorResponse(404, { detail: 'Pipeline not found', code: 'NOT_FOUND' }));
    renderReview();
    expect(await screen.findByText('Error loading document for review')).toBeInTheDocument();
  });
});
