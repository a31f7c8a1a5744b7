import { PRESETS } from '@parser/contracts';
import { pdfBytes, textImagePng } from '@parser/test-documents';
import { afterEach, describe, expect, it } from 'vitest';

import { buildTestApp, type TestApp } from './build-test-app.js';
import { company, processDocuments } from './factories.js';
import { ModelStandIn } from './model-stand-in.js';

describe('the vision model', () => {
  let t: TestApp | undefined;
  let standIn: ModelStandIn | undefined;

  afterEach(async () => {
    await t?.close();
    await standIn?.close();
  });

  it('reads a scanned handwritten log as a page image; a digital PDF goes to the text model', async () => {
    standIn = await new ModelStandIn(() => ({ content: 'not json' })).start();
    t = await buildTestApp({
      LLM_BASE_URL: standIn.baseUrl,
      LLM_MODEL: 'stand-in-text',
      LLM_VISION_MODEL: 'stand-in-vision',
    });
    const admin = await company(t.app);
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/doc-types',
      headers: admin.headers,
      payload: {
        name: 'Delivery logs',
        presetKey: 'handwritten_log',
        fields: PRESETS.handwritten_log.fields,
        tables: PRESETS.handwritten_log.tables,
      },
    });
    expect(created.statusCode).toBe(201);
    const scan = await textImagePng(['Delivery log', 'Driver: M. Jensen', 'Date: 12/05/2024']);
    const digital = await pdfBytes((doc) => doc.fontSize(12).text('Delivery log, driver A. Smith'));
    await processDocuments(t, admin.headers, created.json<{ id: string }>().id, [
      { bytes: scan, fileName: 'log.png' },
    ]);
    await processDocuments(t, admin.headers, created.json<{ id: string }>().id, [
      { bytes: digital, fileName: 'log.pdf' },
    ]);

    expect(standIn.requests.map((request) => request.body.model)).toEqual([
      'stand-in-vision',
      'stand-in-text',
    ]);
    const parts = standIn.requests[0]!.body.messages.find((m) => m.role === 'user')!.content;
    expect(Array.isArray(parts)).toBe(true);
    const image = (parts as { type: string; image_url?: { url: string } }[]).find(
      (part) => part.type === 'image_url',
    );
    expect(image?.image_url?.url).toMatch(/^data:image\/jpeg;base64,/);
    // The OCR text goes along with the image.
    expect(ModelStandIn.texts(standIn.requests[0]!).user).toContain('Jensen');
    expect(typeof standIn.requests[1]!.body.messages.find((m) => m.role === 'user')!.content).toBe(
      'string',
    );
  });
});
