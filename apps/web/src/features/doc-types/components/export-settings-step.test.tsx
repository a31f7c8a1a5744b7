import { useState } from 'react';
import { describe, expect, it } from 'vitest';

import { json, mockApi, networkError } from '@/test/mock-api';
import { render, screen, userEvent, waitFor } from '@/test/render';

import { createEmptyDraft, type DocTypeDraft, withHeadersText } from '../utils/draft';
import { ExportSettingsStep } from './export-settings-step';

/** The step over a draft, with the stored settings printed so tests can read them. */
function Harness() {
  const [draft, setDraft] = useState<DocTypeDraft>(createEmptyDraft);
  return (
    <>
      <ExportSettingsStep
        settings={draft.exportSettings}
        headersText={draft.headersText}
        onChange={(exportSettings) => setDraft((current) => ({ ...current, exportSettings }))}
        onHeadersTextChange={(text) => setDraft((current) => withHeadersText(current, text))}
      />
      <output data-testid="stored">{JSON.stringify(draft.exportSettings)}</output>
    </>
  );
}

function stored() {
  return JSON.parse(screen.getByTestId('stored').textContent ?? '{}') as {
    export_formats: { type: string; enabled: boolean }[];
    config: { timeout: number; headers: Record<string, string> };
  };
}

async function enableWebhook() {
  await userEvent.click(screen.getByRole('checkbox', { name: 'Webhook' }));
  await userEvent.type(
    screen.getByRole('textbox', { name: 'Webhook URL' }),
    'https://hooks.example.com/parser',
  );
}

describe('ExportSettingsStep', () => {
  it('starts with all four formats off, metadata on, and hides the webhook until chosen', () => {
    mockApi({});
    render(<Harness />, { user: null });
    for (const name of ['CSV', 'Excel (XLSX)', 'JSON', 'Webhook']) {
      expect(screen.getByRole('checkbox', { name })).not.toBeChecked();
    }
    expect(screen.getByRole('switch', { name: /Auto export on approval/ })).not.toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Include metadata' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Include raw extraction' })).not.toBeChecked();
    expect(screen.queryByRole('textbox', { name: 'Webhook URL' })).not.toBeInTheDocument();
  });

  it('posts the webhook test from the browser with headers, API key and bearer token', async () => {
    const stub = mockApi({
      'POST /api/webhooks:check-url': () => json({ allowed: true, reason: null }),
      'POST https://hooks.example.com/parser': (_call, count) =>
        count === 1
          ? new Response(null, { status: 200, statusText: 'OK' })
          : new Response(null, { status: 500, statusText: 'Internal Server Error' }),
    });
    render(<Harness />, { user: null });
    await enableWebhook();
    await userEvent.click(screen.getByRole('textbox', { name: /Headers \(JSON\)/ }));
    await userEvent.paste('{"X-Source": "parser"}');
    await userEvent.type(screen.getByRole('textbox', { name: 'API key header' }), 'X-Api-Key');
    await userEvent.type(screen.getByLabelText('API key value'), 'secret');
    await userEvent.type(screen.getByLabelText(/^Bearer token/), 'token-1');

    await userEvent.click(screen.getByRole('button', { name: 'Test Webhook' }));
    expect(await screen.findByText('Success: 200 OK')).toBeInTheDocument();
    const [call] = stub.callsTo('POST https://hooks.example.com/parser');
    expect(call?.body).toEqual({
      event: 'webhook_test',
      data: { test: true },
      timestamp: expect.any(String),
    });
    expect(Object.fromEntries(call?.headers ?? [])).toMatchObject({
      'content-type': 'application/json',
      'x-source': 'parser',
      'x-api-key': 'secret',
      authorization: 'Bearer token-1',
    });

    await userEvent.click(screen.getByRole('button', { name: 'Test Webhook' }));
    expect(await screen.findByText('Error: 500 Internal Server Error')).toBeInTheDocument();
  });

  it('shows the error message when the request cannot be sent', async () => {
    mockApi({
      'POST /api/webhooks:check-url': () => json({ allowed: true, reason: null }),
      'POST https://hooks.example.com/parser': () => networkError(),
    });
    render(<Harness />, { user: null });
    await enableWebhook();
    await userEvent.click(screen.getByRole('button', { name: 'Test Webhook' }));
    // fetch's own words for an unreachable server: Node's here, 'Failed to fetch' in Chrome.
    expect(await screen.findByText('fetch failed')).toBeInTheDocument();
  });

  it('fails the test without calling a URL that real deliveries will be refused', async () => {
    const stub = mockApi({
      'POST /api/webhooks:check-url': () =>
        json({
          allowed: false,
          reason:
            'Webhook URL refused: localhost resolves to 127.0.0.1, which is a loopback address',
        }),
      'POST https://hooks.example.com/parser': () =>
        new Response(null, { status: 200, statusText: 'OK' }),
    });
    render(<Harness />, { user: null });
    await enableWebhook();
    await userEvent.click(screen.getByRole('button', { name: 'Test Webhook' }));
    expect(
      await screen.findByText(/Real deliveries to this URL will be refused: .*loopback address/),
    ).toBeInTheDocument();
    expect(stub.callsTo('POST https://hooks.example.com/parser')).toHaveLength(0);
    expect(stub.callsTo('POST /api/webhooks:check-url')[0]?.body).toEqual({
      url: expect.stringMatching(/\/parser$/),
    });
  });

  it('ignores headers that are not valid JSON and keeps the last valid ones', async () => {
    mockApi({});
    render(<Harness />, { user: null });
    await enableWebhook();
    const headers = screen.getByRole('textbox', { name: /Headers \(JSON\)/ });
    await userEvent.click(headers);
    await userEvent.paste('{"X-Source": "parser"}');
    expect(stored().config.headers).toEqual({ 'X-Source': 'parser' });

    await userEvent.type(headers, '{backspace}');
    expect(
      screen.getByText('Not a valid JSON object: ignored, the last valid headers are kept'),
    ).toBeInTheDocument();
    expect(stored().config.headers).toEqual({ 'X-Source': 'parser' });
    expect(stored().export_formats).toContainEqual({ type: 'webhook', enabled: true });
  });

  it('keeps the timeout between 5 and 300 seconds, 30 by default', async () => {
    mockApi({});
    render(<Harness />, { user: null });
    await enableWebhook();
    const timeout = screen.getByRole('textbox', { name: /Timeout \(seconds\)/ });
    expect(timeout).toHaveValue('30');
    await userEvent.clear(timeout);
    await userEvent.type(timeout, '500');
    // Out of range while typing: never stored.
    expect(stored().config.timeout).not.toBe(500);
    await userEvent.tab();
    await waitFor(() => expect(timeout).toHaveValue('300'));
    expect(stored().config.timeout).toBe(300);
  });
});
