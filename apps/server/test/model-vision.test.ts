import { PRESETS } from '@parser/contracts';
import { multiPageTiffBytes, pdfBytes, textImagePng } from '@parser/test-documents';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';

import { company, processDocuments } from './factories.js';
import { appWithModelPerTest, ModelStandIn, type ReceivedRequest } from './model-stand-in.js';

describe('the vision model', () => {
  const model = appWithModelPerTest();

  /** An app with a text and a vision model (answering nothing usable) and a handwritten log type. */
  async function handwrittenLogType() {
    const { t, standIn } = await model.start(() => ({ content: 'not json' }), {
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
    return { t, standIn, admin, created };
  }

  it('reads a scanned handwritten log as a page image; a digital PDF goes to the text model', async () => {
    const { t, standIn, admin, created } = await handwrittenLogType();
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

  it('sends the pages of a TIFF scan as images, single-page and multi-page, at most four, in the Test step too', async () => {
    const { t, standIn, admin, created } = await handwrittenLogType();
    const typeId = created.json<{ id: string }>().id;
    // A one-page TIFF, as a flatbed scanner saves it.
    const single = await sharp(await textImagePng(['Delivery log', 'Driver: M. Jensen']))
      .tiff({ compression: 'lzw' })
      .toBuffer();
    const sheets = await multiPageTiffBytes(
      [1, 2, 3, 4, 5].map((n) => [`Delivery log sheet ${n}`, `Stop ${n}: Harbour Road`]),
    );
    const { fileIds } = await processDocuments(t, admin.headers, typeId, [
      { bytes: single, fileName: 'log.tif' },
    ]);
    await processDocuments(t, admin.headers, typeId, [{ bytes: sheets, fileName: 'logs.tiff' }]);
    // The wizard's Test step reads the scan the same way.
    const tested = await t.app.inject({
      method: 'POST',
      url: `/api/doc-types/${typeId}/test`,
      headers: admin.headers,
      payload: { fileId: fileIds[0] },
    });
    expect(tested.statusCode).toBe(200);

    const images = (request: ReceivedRequest) => {
      const parts = request.body.messages.find((m) => m.role === 'user')!.content;
      return (Array.isArray(parts) ? parts : [])
        .map((part) => (part as { image_url?: { url: string } }).image_url?.url)
        .filter((url) => url !== undefined);
    };
    expect(standIn.requests.map((request) => request.body.model)).toEqual([
      'stand-in-vision',
      'stand-in-vision',
      'stand-in-vision',
    ]);
    expect(images(standIn.requests[0]!)).toEqual([
      expect.stringMatching(/^data:image\/jpeg;base64,/),
    ]);
    expect(images(standIn.requests[2]!)).toEqual(images(standIn.requests[0]!));
    // Five sheets: the first four go as images; the text of all five goes along.
    expect(images(standIn.requests[1]!)).toHaveLength(4);
    expect(ModelStandIn.texts(standIn.requests[1]!).user).toContain('sheet 5');
  });
});
