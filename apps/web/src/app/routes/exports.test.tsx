import {
  type DocType,
  type ExportItem,
  ExportItemSchema,
  ExportPageSchema,
  ExportSettingsSchema,
  type WebhookDelivery,
  WebhookDeliverySchema,
  WebhookExportResultSchema,
} from '@parser/contracts';
import { beforeEach, describe, expect, it, vi } from 'vitest';

import { AppRoutes } from '@/app/router';
import { setSession } from '@/lib/api-client';
import { flowFixtures as f } from '@/features/pipelines/test/fixtures';
import { recordDownloads } from '@/test/downloads';
import { fixtures } from '@/test/fixtures';
import { type ApiHandler, errorResponse, json, mockApi } from '@/test/mock-api';
import { render, screen, userEvent, waitFor, within } from '@/test/render';

const local = (month: number, day: number, hour: number, minute: number) =>
  new Date(2025, month - 1, day, hour, minute).toISOString();

function exportItem(overrides: Partial<ExportItem> = {}): ExportItem {
  return ExportItemSchema.parse({
    pipeline_id: '11111111-aaaa-4aaa-8aaa-000000000001',
    doc_type_id: '22222222-bbbb-4bbb-8bbb-000000000001',
    doc_type_name: 'Invoice',
    file_id: '33333333-cccc-4ccc-8ccc-000000000001',
    original_filename: 'invoice-001.pdf',
    current_step: 'completed',
    overall_status: 'completed',
    failure_reason: null,
    assigned_to: null,
    created_at: local(3, 7, 14, 5),
    updated_at: local(3, 8, 9, 30),
    approved_at: local(3, 8, 9, 30),
    approved_by: 'ada@example.com',
    latest_delivery: null,
    ...overrides,
  });
}

function delivery(overrides: Partial<WebhookDelivery> = {}): WebhookDelivery {
  return WebhookDeliverySchema.parse({
    id: 'dl-1',
    pipeline_id: '11111111-aaaa-4aaa-8aaa-000000000001',
    url: 'https://hooks.example.com/in',
    trigger: 'auto',
    status: 'delivered',
    attempts: 1,
    last_status_code: 200,
    last_error: null,
    next_attempt_at: null,
    created_at: local(3, 8, 9, 30),
    delivered_at: local(3, 8, 9, 31),
    attempt_log: [
      { attempt: 1, at: local(3, 8, 9, 31), status_code: 200, error: null, duration_ms: 42 },
    ],
    ...overrides,
  });
}

const summary = ({ attempt_log: _log, ...rest }: WebhookDelivery) => rest;

const page = (items: ExportItem[], next_cursor: string | null = null) =>
  ExportPageSchema.parse({ items, next_cursor });

const invoice = exportItem();
const receipt = exportItem({
  pipeline_id: '11111111-aaaa-4aaa-8aaa-000000000002',
  doc_type_id: '22222222-bbbb-4bbb-8bbb-00000000dead',
  doc_type_name: '',
  file_id: '33333333-cccc-4ccc-8ccc-000000000002',
  original_filename: 'receipt.png',
  created_at: local(12, 24, 9, 0),
});

function stubExports(items: ExportItem[], extra: Record<string, ApiHandler> = {}) {
  return mockApi({ 'GET /api/exports': () => json(page(items)), ...extra });
}

const renderExports = () => render(<AppRoutes />, { route: '/exports', user: fixtures.me() });

async function rowOf(fileName: string) {
  const table = await screen.findByRole('table', { name: 'Approved documents' });
  return within(table).getByText(fileName).closest('tr')!;
}

let downloads: string[];
beforeEach(() => {
  downloads = recordDownloads('blob:export');
});

describe('/exports', { timeout: 30_000 }, () => {
  describe('GET /api/exports', () => {
    it('lists the approved documents with their type (name or id) and creation time', async () => {
      stubExports([invoice, receipt]);
      renderExports();

      expect(
        await screen.findByRole('heading', { name: 'Approved Documents' }),
      ).toBeInTheDocument();
      expect(screen.getByRole('button', { name: 'Refresh' })).toBeInTheDocument();
      const table = await screen.findByRole('table', { name: 'Approved documents' });
      const headers = within(table)
        .getAllByRole('columnheader')
        .map((th) => th.textContent);
      expect(headers).toEqual(['File', 'Doc Type', 'Created', 'Webhook', 'Actions']);

      const first = await rowOf('invoice-001.pdf');
      expect(within(first).getByText('Invoice')).toBeInTheDocument();
      expect(within(first).getByText('Mar 7, 2025 14:05')).toBeInTheDocument();
      expect(
        within(first).getByText('Approved Mar 8, 2025 09:30 by ada@example.com'),
      ).toBeVisible();
      for (const action of ['Download', 'JSON', 'CSV', 'Excel', 'Send to Webhook']) {
        expect(within(first).getByRole('button', { name: action })).toBeInTheDocument();
      }
      const second = await rowOf('receipt.png');
      // A type without a name shows its id.
      expect(within(second).getByText('22222222-bbbb-4bbb-8bbb-00000000dead')).toBeInTheDocument();
      expect(within(second).getByText('Dec 24, 2025 09:00')).toBeInTheDocument();
      expect(within(second).getByText('Not sent')).toBeInTheDocument();
    });

    it("says 'No approved documents yet.' when there are none", async () => {
      stubExports([]);
      renderExports();
      expect(await screen.findByText('No approved documents yet.')).toBeInTheDocument();
      expect(screen.queryByRole('table')).not.toBeInTheDocument();
    });

    it("says 'Failed to load approved documents.' when the list fails", async () => {
      mockApi({
        'GET /api/exports': () => errorResponse(500, { detail: 'boom', code: 'INTERNAL' }),
      });
      const consoleError = vi.spyOn(console, 'error').mockImplementation(() => {});
      renderExports();
      expect(await screen.findByRole('alert')).toHaveTextContent(
        'Failed to load approved documents.',
      );
      expect(consoleError).toHaveBeenCalledWith('API GET /api/exports failed:', 'boom');
    });

    it('refreshes on Refresh and loads further pages with Load more', async () => {
      const fresh = exportItem({
        pipeline_id: '11111111-aaaa-4aaa-8aaa-000000000003',
        original_filename: 'new.pdf',
      });
      const stub = mockApi({
        'GET /api/exports': (call, count) => {
          if (call.search.includes('cursor=c2')) {
            return json(page([receipt]));
          }
          // The first page, and after Refresh a newly approved document on top.
          return json(page(count === 1 ? [invoice] : [fresh, invoice], 'c2'));
        },
      });
      renderExports();
      await rowOf('invoice-001.pdf');

      await userEvent.click(screen.getByRole('button', { name: 'Load more' }));
      expect(await rowOf('receipt.png')).toBeInTheDocument();
      expect(stub.requestedUrls()).toContain('/api/exports?cursor=c2');

      await userEvent.click(screen.getByRole('button', { name: 'Refresh' }));
      expect(await screen.findByText('new.pdf')).toBeInTheDocument();
    });
  });

  describe('GET /api/pipelines/:id/export', () => {
    it.each([
      [
        'Download',
        '/api/pipelines/11111111-aaaa-4aaa-8aaa-000000000001/export',
        'exports_11111111-aaaa-4aaa-8aaa-000000000001.zip',
      ],
      [
        'JSON',
        '/api/pipelines/11111111-aaaa-4aaa-8aaa-000000000001/export?format=json',
        'export_11111111-aaaa-4aaa-8aaa-000000000001.json',
      ],
      [
        'CSV',
        '/api/pipelines/11111111-aaaa-4aaa-8aaa-000000000001/export?format=csv',
        'export_11111111-aaaa-4aaa-8aaa-000000000001.csv',
      ],
      [
        'Excel',
        '/api/pipelines/11111111-aaaa-4aaa-8aaa-000000000001/export?format=xlsx',
        'export_11111111-aaaa-4aaa-8aaa-000000000001.xlsx',
      ],
    ])('%s requests %s with the token and saves %s', async (button, url, fileName) => {
      setSession(fixtures.tokens());
      const stub = stubExports([invoice], {
        'GET /api/pipelines/11111111-aaaa-4aaa-8aaa-000000000001/export': () =>
          new Response(new Blob(['data']), { status: 200 }),
      });
      renderExports();
      await userEvent.click(
        within(await rowOf('invoice-001.pdf')).getByRole('button', { name: button }),
      );

      await waitFor(() => expect(downloads).toEqual([fileName]));
      expect(stub.requestedUrls().filter((u) => u.includes('/pipelines/'))).toEqual([url]);
      expect(
        stub
          .callsTo('GET /api/pipelines/11111111-aaaa-4aaa-8aaa-000000000001/export')[0]
          ?.headers.get('Authorization'),
      ).toBe('Bearer access-1');
    });

    it("shows the server's detail when a download fails", async () => {
      stubExports([invoice], {
        'GET /api/pipelines/11111111-aaaa-4aaa-8aaa-000000000001/export': () =>
          errorResponse(409, { detail: 'The document is not approved yet', code: 'INVALID_STATE' }),
      });
      vi.spyOn(console, 'error').mockImplementation(() => {});
      renderExports();
      await userEvent.click(
        within(await rowOf('invoice-001.pdf')).getByRole('button', { name: 'CSV' }),
      );

      expect(await screen.findByText('The document is not approved yet')).toBeInTheDocument();
      expect(screen.getByText('Download failed')).toBeInTheDocument();
      expect(downloads).toEqual([]);
    });
  });

  describe('POST /api/pipelines/:id/export:webhook', () => {
    const SEND = 'POST /api/pipelines/11111111-aaaa-4aaa-8aaa-000000000001/export:webhook';
    const typeWithWebhook = f.docType({
      exportSettings: ExportSettingsSchema.parse({
        export_formats: [{ type: 'webhook', enabled: true }],
        config: {
          webhook_url: 'https://hooks.example.com/in',
          api_key_header: 'X-Api-Key',
          api_key_value: 'k-123',
          headers: { 'X-Source': 'parser' },
        },
      }),
    });
    const result = (body: object) =>
      json(WebhookExportResultSchema.parse({ error: null, delivery_id: 'dl-9', ...body }));

    /** Lists the invoice, answers its type and the send with these, and opens the modal. */
    async function openModalWith(docType: DocType, send?: ApiHandler) {
      const stub = stubExports([invoice], {
        'GET /api/doc-types/22222222-bbbb-4bbb-8bbb-000000000001': () => json(docType),
        ...(send && { [SEND]: send }),
      });
      renderExports();
      return { stub, dialog: await openModal() };
    }

    async function openModal() {
      await userEvent.click(
        within(await rowOf('invoice-001.pdf')).getByRole('button', { name: 'Send to Webhook' }),
      );
      return screen.findByRole('dialog', { name: 'Send to Webhook' });
    }

    it("prefills from the type's webhook setting, adds the API key header and says '✅ Sent successfully'", async () => {
      const { stub, dialog } = await openModalWith(typeWithWebhook, () =>
        result({ success: true, status_code: 200 }),
      );

      expect(await within(dialog).findByLabelText(/Webhook URL/)).toHaveValue(
        'https://hooks.example.com/in',
      );
      expect(within(dialog).getByLabelText('API key header')).toHaveValue('X-Api-Key');
      expect(within(dialog).getByLabelText('API key value')).toHaveValue('k-123');
      expect(
        JSON.parse(within(dialog).getByLabelText<HTMLTextAreaElement>('Headers').value),
      ).toEqual({
        'X-Source': 'parser',
      });

      await userEvent.click(within(dialog).getByRole('button', { name: 'Send' }));
      expect(await screen.findByText('✅ Sent successfully')).toBeInTheDocument();
      await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
      expect(stub.callsTo(SEND).map((call) => call.body)).toEqual([
        {
          url: 'https://hooks.example.com/in',
          headers: { 'X-Source': 'parser', 'X-Api-Key': 'k-123' },
        },
      ]);
    });

    it("refuses headers that are not a JSON object with 'Headers must be valid JSON' and sends nothing", async () => {
      const { stub, dialog } = await openModalWith(f.docType(), () =>
        result({ success: true, status_code: 200 }),
      );

      // The type has no webhook setting: the form starts empty with '{}'.
      const headers = await within(dialog).findByLabelText('Headers');
      expect(headers).toHaveValue('{}');
      await userEvent.type(
        within(dialog).getByLabelText(/Webhook URL/),
        'https://hooks.example.com',
      );
      await userEvent.clear(headers);
      await userEvent.type(headers, '{{"X-A": ');
      await userEvent.click(within(dialog).getByRole('button', { name: 'Send' }));
      expect(await within(dialog).findByText('Headers must be valid JSON')).toBeInTheDocument();

      await userEvent.clear(headers);
      await userEvent.type(headers, '[[]');
      await userEvent.click(within(dialog).getByRole('button', { name: 'Send' }));
      expect(await within(dialog).findByText('Headers must be valid JSON')).toBeInTheDocument();
      expect(stub.callsTo(SEND)).toEqual([]);
    });

    it('needs a webhook URL', async () => {
      const { stub, dialog } = await openModalWith(f.docType());
      await userEvent.click(await within(dialog).findByRole('button', { name: 'Send' }));
      expect(await within(dialog).findByText('Webhook URL is required')).toBeInTheDocument();
      expect(stub.callsTo(SEND)).toEqual([]);
    });

    it('leaves out the API key header unless both name and value are given', async () => {
      const { stub, dialog } = await openModalWith(f.docType(), () =>
        result({ success: true, status_code: 204 }),
      );
      await userEvent.type(
        await within(dialog).findByLabelText(/Webhook URL/),
        'https://hooks.example.com',
      );
      await userEvent.type(within(dialog).getByLabelText('API key header'), 'X-Api-Key');
      await userEvent.click(within(dialog).getByRole('button', { name: 'Send' }));
      await screen.findByText('✅ Sent successfully');
      expect(stub.callsTo(SEND)[0]?.body).toEqual({
        url: 'https://hooks.example.com',
        headers: {},
      });
    });

    it.each([
      [
        'the receiver answers non-2xx',
        () => result({ success: false, status_code: 500, error: 'HTTP 500' }),
        '❌ Failed (status 500)',
      ],
      [
        'the receiver cannot be reached',
        () => result({ success: false, status_code: null, error: 'timed out after 30 s' }),
        '❌ Error: timed out after 30 s',
      ],
      [
        'the server refuses the URL',
        () =>
          errorResponse(400, {
            detail: 'Webhook URL resolves to a private address',
            code: 'VALIDATION_FAILED',
          }),
        '❌ Error: Webhook URL resolves to a private address',
      ],
    ])('shows the outcome and keeps the modal open when %s', async (_case, answer, text) => {
      vi.spyOn(console, 'error').mockImplementation(() => {});
      const { dialog } = await openModalWith(typeWithWebhook, answer);
      await userEvent.click(await within(dialog).findByRole('button', { name: 'Send' }));

      expect(await within(dialog).findByRole('alert')).toHaveTextContent(text);
      expect(screen.getByRole('dialog', { name: 'Send to Webhook' })).toBeInTheDocument();
    });
  });

  describe('webhook deliveries', () => {
    it('shows each document’s latest delivery: Delivered, Retrying with the next attempt, Failed', async () => {
      stubExports([
        exportItem({ latest_delivery: summary(delivery()) }),
        exportItem({
          pipeline_id: '11111111-aaaa-4aaa-8aaa-000000000002',
          original_filename: 'retrying.pdf',
          latest_delivery: summary(
            delivery({
              id: 'dl-2',
              status: 'pending',
              attempts: 2,
              last_status_code: 503,
              next_attempt_at: local(3, 8, 9, 45),
              delivered_at: null,
            }),
          ),
        }),
        exportItem({
          pipeline_id: '11111111-aaaa-4aaa-8aaa-000000000003',
          original_filename: 'failed.pdf',
          latest_delivery: summary(
            delivery({
              id: 'dl-3',
              status: 'failed',
              attempts: 5,
              last_status_code: 500,
              delivered_at: null,
            }),
          ),
        }),
      ]);
      renderExports();

      const badge = (file: string, status: string) => within(rowSync(file)).getByText(status);
      await rowOf('invoice-001.pdf');
      expect(badge('invoice-001.pdf', 'Delivered').closest('[data-status]')).toHaveAttribute(
        'data-status',
        'delivered',
      );
      expect(badge('retrying.pdf', 'Retrying')).toBeInTheDocument();
      expect(
        within(rowSync('retrying.pdf')).getByText('Next attempt Mar 8, 2025 09:45'),
      ).toBeVisible();
      expect(badge('failed.pdf', 'Failed')).toBeInTheDocument();
    });

    it('lists the attempts of each delivery and resends a failed one', async () => {
      const failed = delivery({
        id: 'dl-3',
        status: 'failed',
        attempts: 2,
        last_status_code: null,
        last_error: 'connect ECONNREFUSED',
        delivered_at: null,
        attempt_log: [
          { attempt: 1, at: local(3, 8, 9, 31), status_code: 500, error: null, duration_ms: 40 },
          {
            attempt: 2,
            at: local(3, 8, 9, 33),
            status_code: null,
            error: 'connect ECONNREFUSED',
            duration_ms: 3,
          },
        ],
      });
      const resent = delivery({ id: 'dl-4', trigger: 'manual', created_at: local(3, 9, 10, 0) });
      const stub = stubExports([exportItem({ latest_delivery: summary(failed) })], {
        'GET /api/pipelines/11111111-aaaa-4aaa-8aaa-000000000001/deliveries': (_call, count) =>
          json(count === 1 ? [failed] : [resent, failed]),
        'POST /api/webhook-deliveries/dl-3/resend': () => json(resent),
      });
      renderExports();

      await userEvent.click(
        within(await rowOf('invoice-001.pdf')).getByRole('button', {
          name: 'Webhook deliveries of invoice-001.pdf',
        }),
      );
      const dialog = await screen.findByRole('dialog', {
        name: 'Webhook deliveries: invoice-001.pdf',
      });
      const attempts = await within(dialog).findByRole('table', { name: 'Delivery attempts' });
      const rows = within(attempts).getAllByRole('row').slice(1);
      expect(
        rows.map((row) =>
          within(row)
            .getAllByRole('cell')
            .map((c) => c.textContent),
        ),
      ).toEqual([
        ['1', 'Mar 8, 2025 09:31', 'HTTP 500', '40 ms'],
        ['2', 'Mar 8, 2025 09:33', 'connect ECONNREFUSED', '3 ms'],
      ]);

      await userEvent.click(within(dialog).getByRole('button', { name: 'Resend' }));
      expect(await screen.findByText('✅ Delivered again')).toBeInTheDocument();
      expect(stub.callsTo('POST /api/webhook-deliveries/dl-3/resend')).toHaveLength(1);
      // The new delivery joins the list.
      await waitFor(() =>
        expect(within(dialog).getAllByRole('table', { name: 'Delivery attempts' })).toHaveLength(2),
      );
    });

    it('offers no Resend while a delivery is still being retried', async () => {
      const pending = delivery({
        status: 'pending',
        attempts: 1,
        last_status_code: 503,
        next_attempt_at: local(3, 8, 9, 45),
        delivered_at: null,
        attempt_log: [
          { attempt: 1, at: local(3, 8, 9, 31), status_code: 503, error: null, duration_ms: 12 },
        ],
      });
      stubExports([exportItem({ latest_delivery: summary(pending) })], {
        'GET /api/pipelines/11111111-aaaa-4aaa-8aaa-000000000001/deliveries': () => json([pending]),
      });
      renderExports();
      await userEvent.click(
        within(await rowOf('invoice-001.pdf')).getByRole('button', {
          name: 'Webhook deliveries of invoice-001.pdf',
        }),
      );
      const dialog = await screen.findByRole('dialog');
      await within(dialog).findByRole('table', { name: 'Delivery attempts' });
      expect(within(dialog).getByText('Retrying')).toBeInTheDocument();
      expect(within(dialog).queryByRole('button', { name: 'Resend' })).not.toBeInTheDocument();
    });

    it('refreshes the open deliveries while one is retried, until it ends', async () => {
      // Only the refresh timers are simulated; everything else runs in real time.
      vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'], shouldAdvanceTime: true });
      const pending = delivery({
        status: 'pending',
        attempts: 1,
        last_status_code: 503,
        next_attempt_at: local(3, 8, 9, 45),
        delivered_at: null,
      });
      const delivered = delivery({ attempts: 2 });
      let done = false;
      const stub = stubExports([exportItem({ latest_delivery: summary(pending) })], {
        'GET /api/pipelines/11111111-aaaa-4aaa-8aaa-000000000001/deliveries': () =>
          json([done ? delivered : pending]),
      });
      try {
        renderExports();
        await userEvent.click(
          within(await rowOf('invoice-001.pdf')).getByRole('button', {
            name: 'Webhook deliveries of invoice-001.pdf',
          }),
        );
        const dialog = await screen.findByRole('dialog');
        expect(await within(dialog).findByText('Retrying')).toBeInTheDocument();
        const before = stub.callsTo(
          'GET /api/pipelines/11111111-aaaa-4aaa-8aaa-000000000001/deliveries',
        ).length;

        done = true;
        await vi.advanceTimersByTimeAsync(10_000);
        expect(await within(dialog).findByRole('button', { name: 'Resend' })).toBeInTheDocument();
        expect(within(dialog).queryByText('Retrying')).not.toBeInTheDocument();
        // Finished: no more refreshes.
        const after = stub.callsTo(
          'GET /api/pipelines/11111111-aaaa-4aaa-8aaa-000000000001/deliveries',
        ).length;
        expect(after).toBe(before + 1);
        await vi.advanceTimersByTimeAsync(30_000);
        expect(
          stub.callsTo('GET /api/pipelines/11111111-aaaa-4aaa-8aaa-000000000001/deliveries'),
        ).toHaveLength(after);
      } finally {
        vi.useRealTimers();
      }
    });
  });
});

function rowSync(fileName: string) {
  const table = screen.getByRole('table', { name: 'Approved documents' });
  return within(table).getByText(fileName).closest('tr')!;
}
