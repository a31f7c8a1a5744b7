import { notifications } from '@mantine/notifications';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { AppRoutes } from '@/app/router';
import { docTypeFixture, invoiceDocType } from '@/features/doc-types/test/fixtures';
import { fixtures } from '@/test/fixtures';
import { errorResponse, json, mockApi, noContent, type RecordedRequest } from '@/test/mock-api';
import { render, screen, userEvent, waitFor, within } from '@/test/render';

// Notifications live in a module-level store: clear them so one test's toasts never leak into the next.
afterEach(() => notifications.clean());

const invoice = invoiceDocType({ id: 'dt-invoice' });
const notes = docTypeFixture({
  id: 'dt-notes',
  name: 'Delivery Notes',
  description: '',
  fields: [{ key: 'note_number', label: 'Note Number', type: 'string' }],
});

function renderList() {
  return render(<AppRoutes />, { route: '/doc-types', user: fixtures.me() });
}

async function findCard(name: string) {
  return screen.findByRole('article', { name });
}

/** The step badges of the pipeline on a type's card, in order. */
function pipelineSteps(card: HTMLElement) {
  return within(within(card).getByRole('list', { name: 'Pipeline' }))
    .getAllByRole('listitem')
    .map((badge) => badge.textContent);
}

/** Clicks Delete on the type's card, which opens the confirm. */
async function clickDeleteOn(name: string) {
  await userEvent.click(within(await findCard(name)).getByRole('button', { name: 'Delete' }));
}

/** Clicks Delete on the type's card, then Delete in the confirm. */
async function deleteAndConfirm(name: string) {
  await clickDeleteOn(name);
  await userEvent.click(
    within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete' }),
  );
}

/** The addresses requested with one method, query string included. */
function requestedUrls(calls: readonly RecordedRequest[], method: string): string[] {
  return calls.filter((call) => call.method === method).map((call) => call.path + call.search);
}

describe('GET /api/doc-types on /doc-types', () => {
  it('shows one card per type with fields, steps, workflow and pipeline badges', async () => {
    mockApi({ 'GET /api/doc-types': () => json([invoice, notes]) });
    renderList();

    expect(screen.getByRole('heading', { name: 'Document Types' })).toBeInTheDocument();
    expect(screen.getByText('Configure custom extraction templates')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Create New Type' })).toHaveAttribute(
      'href',
      '/doc-types/new',
    );

    const invoiceCard = await findCard('Invoice');
    expect(invoiceCard).toHaveTextContent('Fields 9');
    expect(invoiceCard).toHaveTextContent('Steps 4');
    expect(within(invoiceCard).getByText('Advanced')).toBeInTheDocument();
    expect(pipelineSteps(invoiceCard)).toEqual([
      'Extract',
      'Review',
      'Data Entry',
      'Reconciliation',
    ]);
    expect(within(invoiceCard).getByText(invoice.description)).toBeInTheDocument();
    expect(within(invoiceCard).getByRole('link', { name: 'Configure' })).toHaveAttribute(
      'href',
      '/doc-types/dt-invoice/edit',
    );

    const notesCard = await findCard('Delivery Notes');
    expect(
      within(notesCard).getByText('Document type for Delivery Notes processing'),
    ).toBeInTheDocument();
    expect(notesCard).toHaveTextContent('Fields 1');
    expect(notesCard).toHaveTextContent('Steps 2');
    expect(within(notesCard).getByText('Basic')).toBeInTheDocument();
    expect(pipelineSteps(notesCard)).toEqual(['Extract', 'Review']);
  });

  it('counts one step per enabled agent: only data entry makes 3 steps and Advanced', async () => {
    mockApi({
      'GET /api/doc-types': () =>
        json([invoiceDocType({ recon_enabled: false, agentsEnabled: { recon: false } })]),
    });
    renderList();
    const card = await findCard('Invoice');
    expect(card).toHaveTextContent('Steps 3');
    expect(within(card).getByText('Advanced')).toBeInTheDocument();
    expect(within(card).queryByText('Reconciliation')).not.toBeInTheDocument();
  });

  it('shows the empty state when there are no types', async () => {
    mockApi({ 'GET /api/doc-types': () => json([]) });
    renderList();
    expect(
      await screen.findByText(
        'No document types created yet. Create your first document type to start processing documents.',
      ),
    ).toBeInTheDocument();
  });

  it('shows the load error with the server message', async () => {
    mockApi({
      'GET /api/doc-types': () =>
        errorResponse(500, { detail: 'Database unavailable', code: 'INTERNAL' }),
    });
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => {});
    renderList();
    const alert = await screen.findByRole('alert');
    expect(consoleError).toHaveBeenCalledWith(
      'API GET /api/doc-types failed:',
      'Database unavailable',
    );
    expect(within(alert).getByText('Failed to load document types')).toBeInTheDocument();
    expect(alert).toHaveTextContent('Error loading document types: Database unavailable');
  });
});

describe('DELETE /api/doc-types/:id from /doc-types', () => {
  it('deletes after the confirm and says so', async () => {
    const stub = mockApi({
      'GET /api/doc-types': (_call, count) => json(count === 1 ? [invoice, notes] : [notes]),
      'DELETE /api/doc-types/dt-invoice': () => noContent(),
    });
    renderList();
    await clickDeleteOn('Invoice');

    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent(
      'Are you sure you want to delete "Invoice"? This action cannot be undone.',
    );
    expect(stub.callsTo('DELETE /api/doc-types/dt-invoice')).toHaveLength(0);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));

    expect(await screen.findByText('Document type deleted successfully!')).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.queryByRole('article', { name: 'Invoice' })).not.toBeInTheDocument(),
    );
    expect(requestedUrls(stub.calls, 'DELETE')).toEqual(['/api/doc-types/dt-invoice']);
  });

  it('sends nothing when the confirm is cancelled', async () => {
    const stub = mockApi({ 'GET /api/doc-types': () => json([invoice]) });
    renderList();
    await clickDeleteOn('Invoice');
    await userEvent.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'Cancel' }),
    );
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(requestedUrls(stub.calls, 'DELETE')).toEqual([]);
  });

  it('on 409 shows how many documents use the type and deletes them only after typing the name', async () => {
    const stub = mockApi({
      'GET /api/doc-types': (_call, count) => json(count === 1 ? [invoice] : []),
      'DELETE /api/doc-types/dt-invoice': (_call, count) =>
        count === 1
          ? errorResponse(409, {
              detail: '3 documents use this document type',
              code: 'CONFLICT',
            })
          : noContent(),
    });
    renderList();
    await deleteAndConfirm('Invoice');

    const dialog = await screen.findByRole('dialog', { name: 'Documents use this type' });
    expect(within(dialog).getByRole('alert')).toHaveTextContent(
      '3 documents use this document type',
    );
    const forceButton = within(dialog).getByRole('button', { name: 'Delete type and documents' });
    expect(forceButton).toBeDisabled();
    const confirmInput = within(dialog).getByLabelText(
      'Type "Invoice" to delete the type and its documents',
    );
    await userEvent.type(confirmInput, 'Invoic');
    expect(forceButton).toBeDisabled();
    await userEvent.type(confirmInput, 'e');
    expect(forceButton).toBeEnabled();
    expect(requestedUrls(stub.calls, 'DELETE')).toEqual(['/api/doc-types/dt-invoice']);

    await userEvent.click(forceButton);
    expect(await screen.findByText('Document type deleted successfully!')).toBeInTheDocument();
    expect(requestedUrls(stub.calls, 'DELETE')).toEqual([
      '/api/doc-types/dt-invoice',
      '/api/doc-types/dt-invoice?force=true',
    ]);
  });

  it('keeps the type and its documents when the second confirm is dismissed', async () => {
    const stub = mockApi({
      'GET /api/doc-types': () => json([invoice]),
      'DELETE /api/doc-types/dt-invoice': () =>
        errorResponse(409, { detail: '1 document uses this document type', code: 'CONFLICT' }),
    });
    renderList();
    await deleteAndConfirm('Invoice');
    const dialog = await screen.findByRole('dialog', { name: 'Documents use this type' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Keep the type' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByRole('article', { name: 'Invoice' })).toBeInTheDocument();
    expect(requestedUrls(stub.calls, 'DELETE')).toEqual(['/api/doc-types/dt-invoice']);
  });

  it("shows 'Failed to delete: {detail}' when the delete fails otherwise", async () => {
    mockApi({
      'GET /api/doc-types': () => json([invoice]),
      'DELETE /api/doc-types/dt-invoice': () =>
        errorResponse(404, { detail: 'Document type not found', code: 'NOT_FOUND' }),
    });
    renderList();
    await deleteAndConfirm('Invoice');
    expect(
      await screen.findByText('Failed to delete: Document type not found'),
    ).toBeInTheDocument();
  });
});

describe('POST /api/users/setup-tenant from the Current Tenant selector', () => {
  it('shows the server message and refreshes the access token', async () => {
    const stub = mockApi({
      'GET /api/doc-types': () => json([]),
      'POST /api/users/setup-tenant': () =>
        json({ message: 'Tenant claims repaired', fixed_documents: 2 }),
      'POST /auth/refresh': () => json(fixtures.tokens({ access_token: 'access-2' })),
    });
    renderList();
    expect(screen.getByRole('combobox', { name: 'Current Tenant' })).toHaveValue('1');
    await userEvent.click(screen.getByRole('button', { name: 'Connect' }));

    expect(await screen.findByText('Tenant claims repaired')).toBeInTheDocument();
    await waitFor(() => expect(stub.callsTo('POST /auth/refresh')).toHaveLength(1));
  });

  it("shows 'Error: {detail}' when the setup fails", async () => {
    mockApi({
      'GET /api/doc-types': () => json([]),
      'POST /api/users/setup-tenant': () =>
        errorResponse(403, { detail: 'Not allowed', code: 'FORBIDDEN' }),
    });
    renderList();
    await userEvent.click(screen.getByRole('button', { name: 'Connect' }));
    expect(await screen.findByText('Error: Not allowed')).toBeInTheDocument();
  });
});
