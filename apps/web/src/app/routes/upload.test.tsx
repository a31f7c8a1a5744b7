import { UploadedFileSchema, ValidationResultSchema } from '@parser/contracts';
import { beforeEach, describe, expect, it, vi } from 'vitest';

import { AppRoutes } from '@/app/router';
import { flowFixtures as f } from '@/features/pipelines/test/fixtures';
import { fixtures } from '@/test/fixtures';
import { errorResponse, json, mockApi } from '@/test/mock-api';
import { render, screen, userEvent, waitFor, within } from '@/test/render';

/**
 * XMLHttpRequest (used for upload progress) routed through the stubbed fetch, reporting half the
 * bytes sent before the answer and all of them after.
 */
class FetchBackedXhr {
  upload: { onprogress: ((event: Partial<ProgressEvent>) => void) | null } = { onprogress: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onabort: (() => void) | null = null;
  status = 0;
  statusText = '';
  responseText = '';
  private method = 'GET';
  private url = '';
  private readonly headers: Record<string, string> = {};

  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name] = value;
  }
  abort() {
    this.onabort?.();
  }
  send(body: FormData) {
    void (async () => {
      this.upload.onprogress?.({ lengthComputable: true, loaded: 50, total: 100 });
      const response = await fetch(this.url, { method: this.method, headers: this.headers, body });
      this.status = response.status;
      this.responseText = await response.text();
      this.upload.onprogress?.({ lengthComputable: true, loaded: 100, total: 100 });
      this.onload?.();
    })();
  }
}

const pdf = (name: string) => new File(['%PDF-1.4'], name, { type: 'application/pdf' });
const stored = (name: string, error: string | null = null) =>
  UploadedFileSchema.parse({
    fileId: `file-${name}`,
    pages: 1,
    fileName: name,
    contentType: 'application/pdf',
    size: 8,
    sha256: 'abc',
    error,
  });

const docTypes = [
  f.docType({ id: 'dt-1', name: 'Invoice' }),
  f.docType({ id: 'dt-2', name: 'Receipt' }),
];

/** A promise with its resolve function, to hold an answer back. */
function gate() {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { open, opened };
}

beforeEach(() => {
  vi.stubGlobal('XMLHttpRequest', FetchBackedXhr);
});

const rowOf = (name: string) => screen.getByRole('listitem', { name });
/** The file's status word; match it whole ('valid' is part of 'validating' and 'invalid'). */
const statusOf = (name: string) =>
  within(rowOf(name)).getByText(/^(waiting|uploading|validating|valid|invalid|error)$/);

describe('/upload', { timeout: 20_000 }, () => {
  it('uploads and checks files one after another, then starts processing the valid ones', async () => {
    const firstUpload = gate();
    const order: string[] = [];
    const stub = mockApi({
      'GET /api/doc-types': () => json(docTypes),
      'POST /api/files:upload': async (call) => {
        const name = ((call.body as FormData).get('file') as File).name;
        order.push(`upload ${name}`);
        if (name === 'a.pdf') await firstUpload.opened;
        if (name === 'c.pdf') {
          return errorResponse(415, {
            detail: 'This file is not a supported document',
            code: 'UNSUPPORTED_FILE',
          });
        }
        return json(stored(name));
      },
      'POST /api/uploads:validate': (call) => {
        const { fileId } = call.body as { fileId: string };
        order.push(`validate ${fileId}`);
        return json(
          ValidationResultSchema.parse(
            fileId === 'file-a.pdf'
              ? { matchedDocTypeId: 'dt-1', reason: 'Matches Invoice', score: 0.9 }
              : { matchedDocTypeId: 'dt-2', reason: 'This looks like a Receipt', score: 0.2 },
          ),
        );
      },
      'POST /api/uploads': () => json({ upload_id: 'up-1', pipeline_ids: ['pl-1'] }, 201),
      'GET /api/pipelines/stats': () => json(f.stats()),
      'GET /api/pipelines/pending-summary': () => json([]),
    });
    render(<AppRoutes />, { route: '/upload?docTypeId=dt-1', user: fixtures.me() });

    // The type from the address is chosen, so the drop zone is there.
    expect(await screen.findByRole('combobox', { name: 'Document Type' })).toHaveValue('Invoice');
    await userEvent.upload(screen.getByLabelText('Upload documents'), [
      pdf('a.pdf'),
      pdf('b.pdf'),
      pdf('c.pdf'),
    ]);

    // While the first file uploads, the others wait their turn and nothing can start.
    await waitFor(() => expect(statusOf('a.pdf')).toHaveTextContent(/^uploading$/));
    expect(statusOf('b.pdf')).toHaveTextContent(/^waiting$/);
    expect(statusOf('c.pdf')).toHaveTextContent(/^waiting$/);
    expect(screen.getByRole('button', { name: 'Start Processing (0 files)' })).toBeDisabled();
    expect(order).toEqual(['upload a.pdf']);
    expect(screen.getByRole('combobox', { name: 'Document Type' })).toBeDisabled();

    firstUpload.open();
    await waitFor(() => expect(statusOf('c.pdf')).toHaveTextContent(/^error$/));
    expect(order).toEqual([
      'upload a.pdf',
      'validate file-a.pdf',
      'upload b.pdf',
      'validate file-b.pdf',
      'upload c.pdf',
    ]);
    expect(statusOf('a.pdf')).toHaveTextContent(/^valid$/);
    expect(statusOf('b.pdf')).toHaveTextContent(/^invalid$/);
    expect(within(rowOf('b.pdf')).getByText('This looks like a Receipt')).toBeInTheDocument();
    expect(
      within(rowOf('c.pdf')).getByText('This file is not a supported document'),
    ).toBeInTheDocument();
    expect(
      within(rowOf('a.pdf')).getByRole('progressbar', { name: 'Upload progress of a.pdf' }),
    ).toHaveAttribute('aria-valuenow', '100');
    expect(screen.getByText('1 valid files')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Start Processing (1 files)' }));
    expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeInTheDocument();
    expect(screen.getByText('1 document sent for processing')).toBeInTheDocument();
    expect(stub.callsTo('POST /api/uploads')[0]?.body).toEqual({
      docTypeId: 'dt-1',
      files: ['file-a.pdf'],
    });
  });

  it('shows the drop zone only once a type is chosen, and checks files again for a new type', async () => {
    const validations: string[] = [];
    mockApi({
      'GET /api/doc-types': () => json(docTypes),
      'POST /api/files:upload': () => json(stored('a.pdf')),
      'POST /api/uploads:validate': (call) => {
        const { docTypeId } = call.body as { docTypeId: string };
        validations.push(docTypeId);
        return json({ matchedDocTypeId: 'dt-2', reason: 'This looks like a Receipt', score: 0.8 });
      },
    });
    render(<AppRoutes />, { route: '/upload', user: fixtures.me() });

    const typeInput = await screen.findByRole('combobox', { name: 'Document Type' });
    expect(
      screen.getByText('You must select a document type before uploading files'),
    ).toBeInTheDocument();
    expect(screen.queryByLabelText('Upload documents')).not.toBeInTheDocument();

    await userEvent.click(typeInput);
    await userEvent.type(typeInput, 'Inv');
    await userEvent.click(await screen.findByRole('option', { name: 'Invoice' }));
    await userEvent.upload(screen.getByLabelText('Upload documents'), [pdf('a.pdf')]);
    await waitFor(() => expect(statusOf('a.pdf')).toHaveTextContent(/^invalid$/));

    await userEvent.click(typeInput);
    await userEvent.click(await screen.findByRole('option', { name: 'Receipt' }));
    await waitFor(() => expect(statusOf('a.pdf')).toHaveTextContent(/^valid$/));
    expect(validations).toEqual(['dt-1', 'dt-2']);
    expect(screen.getByRole('button', { name: 'Start Processing (1 files)' })).toBeEnabled();
  });

  it('refuses other file types with the drop-zone message, and removes and clears files', async () => {
    mockApi({
      'GET /api/doc-types': () => json(docTypes),
      'POST /api/files:upload': (call) =>
        json(stored(((call.body as FormData).get('file') as File).name)),
      'POST /api/uploads:validate': () =>
        json({ matchedDocTypeId: 'dt-1', reason: 'Matches', score: 0.9 }),
    });
    const user = userEvent.setup({ applyAccept: false });
    render(<AppRoutes />, { route: '/upload?docTypeId=dt-1', user: fixtures.me() });

    await user.upload(await screen.findByLabelText('Upload documents'), [
      new File(['hello'], 'notes.txt', { type: 'text/plain' }),
    ]);
    expect(
      await screen.findByText(
        'notes.txt: File type must be png, jpg, jpeg, pdf, doc, docx, tiff, xml',
      ),
    ).toBeInTheDocument();

    await user.upload(screen.getByLabelText('Upload documents'), [pdf('a.pdf'), pdf('b.pdf')]);
    await waitFor(() => expect(screen.getByText('2 valid files')).toBeInTheDocument());
    await user.click(screen.getByRole('button', { name: 'Remove a.pdf' }));
    expect(screen.queryByRole('listitem', { name: 'a.pdf' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Start Processing (1 files)' })).toBeEnabled();

    await user.click(screen.getByRole('button', { name: 'Clear All' }));
    expect(screen.queryByText('File Validation Results')).not.toBeInTheDocument();
  });

  it("shows 'Upload failed' with the server's message when processing cannot start", async () => {
    mockApi({
      'GET /api/doc-types': () => json(docTypes),
      'POST /api/files:upload': () => json(stored('a.pdf')),
      'POST /api/uploads:validate': () =>
        json({ matchedDocTypeId: 'dt-1', reason: 'Matches', score: 0.9 }),
      'POST /api/uploads': () =>
        errorResponse(404, { detail: 'Document type not found', code: 'NOT_FOUND' }),
    });
    render(<AppRoutes />, { route: '/upload?docTypeId=dt-1', user: fixtures.me() });
    await userEvent.upload(await screen.findByLabelText('Upload documents'), [pdf('a.pdf')]);
    const start = await screen.findByRole('button', { name: 'Start Processing (1 files)' });
    await waitFor(() => expect(start).toBeEnabled());
    await userEvent.click(start);

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Upload failed');
    expect(alert).toHaveTextContent('Document type not found');
    expect(screen.getByRole('heading', { name: 'Upload Documents' })).toBeInTheDocument();
  });
});

describe('/upload: a file that looks like another type', { timeout: 20_000 }, () => {
  const suggestion = {
    docTypeId: 'dt-2',
    docTypeName: 'Receipt',
    reason: "It looks more like Receipt: it prints 'CASH', 'CHANGE' (4 of 6 of its fields)",
    evidence: ['CASH', 'CHANGE'],
    score: 0.8,
  };
  const validateAsInvoice = (call: { body: unknown }) =>
    json(
      ValidationResultSchema.parse(
        (call.body as { fileId: string }).fileId === 'file-receipt.pdf'
          ? { matchedDocTypeId: 'dt-1', reason: 'Matched 1 of 9', score: 0.2, suggestion }
          : { matchedDocTypeId: 'dt-1', reason: 'Matches Invoice', score: 0.9 },
      ),
    );

  it('is processed as the chosen type unless the clerk picks the suggestion, which says why', async () => {
    const stub = mockApi({
      'GET /api/doc-types': () => json(docTypes),
      'POST /api/files:upload': (call) =>
        json(stored(((call.body as FormData).get('file') as File).name)),
      'POST /api/uploads:validate': validateAsInvoice,
      'POST /api/uploads': () => json({ upload_id: 'up-1', pipeline_ids: ['pl-1', 'pl-2'] }, 201),
      'GET /api/pipelines/stats': () => json(f.stats()),
      'GET /api/pipelines/pending-summary': () => json([]),
    });
    render(<AppRoutes />, { route: '/upload?docTypeId=dt-1', user: fixtures.me() });
    await userEvent.upload(await screen.findByLabelText('Upload documents'), [
      pdf('invoice.pdf'),
      pdf('receipt.pdf'),
    ]);
    await waitFor(() => expect(statusOf('receipt.pdf')).toHaveTextContent(/^valid$/));
    expect(within(rowOf('receipt.pdf')).getByText(suggestion.reason)).toBeInTheDocument();
    expect(
      within(rowOf('receipt.pdf')).getByRole('button', { name: 'Process as Receipt' }),
    ).toBeInTheDocument();
    expect(within(rowOf('invoice.pdf')).queryByRole('button', { name: /Process as/ })).toBeNull();

    await userEvent.click(screen.getByRole('button', { name: 'Start Processing (2 files)' }));
    expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeInTheDocument();
    expect(stub.callsTo('POST /api/uploads')[0]?.body).toEqual({
      docTypeId: 'dt-1',
      files: ['file-invoice.pdf', 'file-receipt.pdf'],
    });
  });

  it('is processed as the suggested type when the clerk picks it, without uploading it again', async () => {
    const stub = mockApi({
      'GET /api/doc-types': () => json(docTypes),
      'POST /api/files:upload': (call) =>
        json(stored(((call.body as FormData).get('file') as File).name)),
      'POST /api/uploads:validate': validateAsInvoice,
      'POST /api/uploads': () => json({ upload_id: 'up-1', pipeline_ids: ['pl-1'] }),
    });
    render(<AppRoutes />, { route: '/upload?docTypeId=dt-1', user: fixtures.me() });
    await userEvent.upload(await screen.findByLabelText('Upload documents'), [
      pdf('invoice.pdf'),
      pdf('receipt.pdf'),
    ]);
    await userEvent.click(
      await within(rowOf('receipt.pdf')).findByRole('button', { name: 'Process as Receipt' }),
    );
    expect(await screen.findByText('receipt.pdf sent for processing as Receipt')).toBeVisible();
    expect(stub.callsTo('POST /api/uploads')[0]?.body).toEqual({
      docTypeId: 'dt-2',
      files: ['file-receipt.pdf'],
    });
    expect(stub.callsTo('POST /api/files:upload')).toHaveLength(2);
    // The rest of the upload is untouched: the invoice still waits for Start Processing.
    expect(screen.queryByRole('listitem', { name: 'receipt.pdf' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Start Processing (1 files)' })).toBeEnabled();
  });
});
