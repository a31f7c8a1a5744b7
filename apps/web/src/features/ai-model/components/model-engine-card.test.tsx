import { type ModelStatus, ModelStatusSchema } from '@parser/contracts';
import { describe, expect, it } from 'vitest';

import { fixtures } from '@/test/fixtures';
import { json, mockApi } from '@/test/mock-api';
import { render, screen, userEvent, waitFor } from '@/test/render';

import { ModelEngineCard } from './model-engine-card';

const status = (overrides: Partial<ModelStatus> = {}): ModelStatus =>
  ModelStatusSchema.parse({
    engine: 'model',
    model: 'qwen2.5:7b',
    vision_model: null,
    endpoint: 'http://localhost:11434/v1',
    usage: {
      requests: 12,
      fallbacks: 1,
      input_tokens: 24_000,
      output_tokens: 1_500,
      average_latency_ms: 2300,
    },
    last_error: { message: 'The model endpoint answered HTTP 500', at: '2026-01-05T10:00:00Z' },
    doc_types: [
      { id: 'type-1', name: 'Receipts', use_model: true },
      { id: 'type-2', name: 'Supplier invoices', use_model: true },
    ],
    ...overrides,
  });

describe('ModelEngineCard', () => {
  it('states plainly that the offline engine works alone when no model is configured', async () => {
    mockApi({
      'GET /api/model': () =>
        json(
          status({
            engine: 'offline',
            model: null,
            endpoint: null,
            last_error: null,
            doc_types: [],
          }),
        ),
    });
    render(<ModelEngineCard canEdit />, { user: fixtures.me() });
    expect(await screen.findByText('Offline engine')).toBeInTheDocument();
    expect(screen.getByText(/uses its offline engine alone/)).toBeInTheDocument();
    expect(screen.queryByRole('switch')).not.toBeInTheDocument();
  });

  it('shows the model, its usage and last error, and turns the model off for a type', async () => {
    const stub = mockApi({
      'GET /api/model': () => json(status()),
      'PUT /api/model/doc-types/type-2': () =>
        json(
          status({
            doc_types: [
              { id: 'type-1', name: 'Receipts', use_model: true },
              { id: 'type-2', name: 'Supplier invoices', use_model: false },
            ],
          }),
        ),
    });
    render(<ModelEngineCard canEdit />, { user: fixtures.me() });
    expect(await screen.findByText('Offline engine + AI model')).toBeInTheDocument();
    expect(screen.getByText(/qwen2\.5:7b/)).toBeInTheDocument();
    expect(screen.getByText('24,000 / 1,500')).toBeInTheDocument();
    expect(screen.getByText('2.3 s')).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('The model endpoint answered HTTP 500');

    const invoices = screen.getByRole('switch', { name: 'Supplier invoices' });
    expect(invoices).toBeChecked();
    await userEvent.click(invoices);
    await waitFor(() => expect(invoices).not.toBeChecked());
    expect(stub.callsTo('PUT /api/model/doc-types/type-2')[0]?.body).toEqual({ use_model: false });
  });

  it('shows members the switches without letting them change', async () => {
    mockApi({ 'GET /api/model': () => json(status()) });
    render(<ModelEngineCard canEdit={false} />, { user: fixtures.me({ role: 'member' }) });
    expect(await screen.findByRole('switch', { name: 'Receipts' })).toBeDisabled();
  });
});
