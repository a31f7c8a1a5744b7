import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';

import { describe, expect, it } from 'vitest';
import yauzl from 'yauzl';

import { exportZip } from './export-zip.js';

/** Every entry of a ZIP, by name. */
async function entriesOf(zip: Buffer): Promise<Map<string, Buffer>> {
  const archive = await new Promise<yauzl.ZipFile>((resolve, reject) =>
    yauzl.fromBuffer(zip, { lazyEntries: true }, (error, file) =>
      error ? reject(error) : resolve(file),
    ),
  );
  const entries = new Map<string, Buffer>();
  await new Promise<void>((resolve, reject) => {
    archive.on('entry', (entry: yauzl.Entry) => {
      archive.openReadStream(entry, (error, stream) => {
        if (error) return reject(error);
        buffer(stream).then((bytes) => {
          entries.set(entry.fileName, bytes);
          archive.readEntry();
        }, reject);
      });
    });
    archive.on('end', resolve);
    archive.on('error', reject);
    archive.readEntry();
  });
  return entries;
}

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

describe('exportZip', () => {
  it('holds the original, the generated files and a manifest of names, sizes and hashes', async () => {
    const original = Buffer.from('%PDF-1.7 pretend document');
    const json = Buffer.from('{"data":{}}');
    const zip = await buffer(
      exportZip(
        {
          name: 'Rechnung März.pdf',
          stream: Readable.from([original]),
          size: original.length,
          sha256: sha256(original),
        },
        [{ name: 'export_1.json', bytes: json }],
        {
          pipeline_id: 'p-1',
          document_type: { id: 't-1', name: 'Invoices' },
          generated_at: '2024-05-01T10:00:00.000Z',
        },
      ),
    );
    const entries = await entriesOf(zip);
    expect([...entries.keys()]).toEqual(['Rechnung März.pdf', 'export_1.json', 'manifest.json']);
    expect(entries.get('Rechnung März.pdf')).toEqual(original);
    const manifest = JSON.parse(entries.get('manifest.json')!.toString('utf8'));
    expect(manifest).toEqual({
      pipeline_id: 'p-1',
      document_type: { id: 't-1', name: 'Invoices' },
      generated_at: '2024-05-01T10:00:00.000Z',
      files: [
        { name: 'Rechnung März.pdf', size: original.length, sha256: sha256(original) },
        { name: 'export_1.json', size: json.length, sha256: sha256(json) },
      ],
    });
  });

  it('renames an original whose name a generated file already has', async () => {
    const original = Buffer.from('x');
    const zip = await buffer(
      exportZip(
        {
          name: 'manifest.json',
          stream: Readable.from([original]),
          size: 1,
          sha256: sha256(original),
        },
        [],
        {
          pipeline_id: 'p',
          document_type: { id: 't', name: 'T' },
          generated_at: new Date().toISOString(),
        },
      ),
    );
    expect([...(await entriesOf(zip)).keys()]).toEqual(['original_manifest.json', 'manifest.json']);
  });

  it('ends the stream with an error when the original cannot be read', async () => {
    const failing = new Readable({
      read() {
        this.destroy(new Error('disk gone'));
      },
    });
    const zip = exportZip({ name: 'a.pdf', stream: failing, size: 10, sha256: 'x' }, [], {
      pipeline_id: 'p',
      document_type: { id: 't', name: 'T' },
      generated_at: new Date().toISOString(),
    });
    await expect(buffer(zip)).rejects.toThrow('disk gone');
  });
});
