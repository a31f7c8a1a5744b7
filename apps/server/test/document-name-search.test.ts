import type { LightMyRequestResponse } from 'fastify';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';

import { company, createInvoiceType, type Headers } from './factories.js';
import { testAppPerFile } from './support/test-app-per-file.js';

const t = testAppPerFile();

/** Files with pipelines straight in the database, `n` seconds old, as a busy company has them. */
async function seedFiles(tenantId: string, docTypeId: string, names: string[]) {
  for (const [index, name] of names.entries()) {
    const age = `${index + 1} seconds`;
    const file = await sql<{ id: string }>`
      INSERT INTO files (tenant_id, storage_key, original_filename, content_type, format,
                         size_bytes, sha256, pages, created_at)
      VALUES (${tenantId}, ${`seed/${tenantId}/${index}`}, ${name}, 'application/pdf', 'pdf',
              1000, md5(${name}), 1, now() - ${age}::interval)
      RETURNING id`.execute(t.db);
    await sql`
      INSERT INTO pipelines (tenant_id, doc_type_id, file_id, original_filename, current_step,
                             created_at, updated_at)
      VALUES (${tenantId}, ${docTypeId}, ${file.rows[0]!.id}, ${name}, 'human_review',
              now() - ${age}::interval, now())`.execute(t.db);
  }
}

/** Every name the search answers, following the cursor page by page. */
async function searchAll(headers: Headers, q: string): Promise<string[]> {
  const names: string[] = [];
  let cursor: string | null = null;
  do {
    const response: LightMyRequestResponse = await t.app.inject({
      method: 'GET',
      url: `/api/documents/?limit=50&q=${encodeURIComponent(q)}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`,
      headers,
    });
    expect(response.statusCode).toBe(200);
    const page = response.json<{ items: { fileName: string }[]; next_cursor: string | null }>();
    names.push(...page.items.map((item) => item.fileName));
    cursor = page.next_cursor;
  } while (cursor);
  return names;
}

describe('searching a company’s documents by name', () => {
  it('finds exactly the names that contain the text when most names share words', async () => {
    const admin = await company(t.app);
    const typeId = await createInvoiceType(t.app, admin.headers);
    // Newest first: a scanner's names, all sharing "scan", "invoice" and "pdf", and a few others.
    const names = [
      ...Array.from({ length: 240 }, (_, n) => `Scan_Invoice-${String(n).padStart(4, '0')}.pdf`),
      'supplier statement march.pdf',
      'Invoice 0042 corrected.PDF',
      'receipt-0042.jpg',
    ];
    await seedFiles(admin.tenantId, typeId, names);
    const other = await company(t.app, 'Other Co');
    const otherType = await createInvoiceType(t.app, other.headers);
    await seedFiles(other.tenantId, otherType, ['Scan_Invoice-0042.pdf', 'other invoice.pdf']);

    const containing = (q: string) =>
      names.filter((name) => name.toLowerCase().includes(q.toLowerCase()));
    for (const q of [
      'invoice-0042', // common words and a rare one
      'SCAN_INVOICE-01', // only common words and a short rare one
      '0042', // a rare word alone
      'invoice', // a word nearly every name has: newest first, page after page
      'scan invoice', // common words in an order no name has
      '.pdf',
      'statement',
      'nothing like it',
    ]) {
      const found = await searchAll(admin.headers, q);
      expect(found.sort(), q).toEqual(containing(q).sort());
    }

    // A name stored after the company's names were sampled is found at once.
    await seedFiles(admin.tenantId, typeId, ['Scan_Invoice-9999 late.pdf']);
    expect(await searchAll(admin.headers, 'invoice-9999')).toEqual(['Scan_Invoice-9999 late.pdf']);
    expect(await searchAll(other.headers, 'invoice-0042')).toEqual(['Scan_Invoice-0042.pdf']);
  });

  it('keeps the newest-first order across pages of a common word', async () => {
    const admin = await company(t.app);
    const typeId = await createInvoiceType(t.app, admin.headers);
    const names = Array.from({ length: 120 }, (_, n) => `invoice ${n}.pdf`);
    await seedFiles(admin.tenantId, typeId, names);
    expect(await searchAll(admin.headers, 'INVOICE')).toEqual(names);
    expect(await searchAll(admin.headers, 'invoice 11')).toEqual(
      names.filter((name) => name.startsWith('invoice 11')),
    );
  });
});
