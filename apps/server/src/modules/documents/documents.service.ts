import { type DocumentPage, DocumentListQuerySchema } from '@parser/contracts';
import type { z } from 'zod';

import type { TenantAuth } from '../../plugins/auth.js';
import { isoFromTimestampText } from '../../db/prepared-query.js';
import { decodeCursor, listFilterId, pageOf } from '../../lib/list-pages.js';

import type { DocumentsRepository } from './documents.repository.js';

export class DocumentsService {
  constructor(private readonly documents: DocumentsRepository) {}

  async list(
    auth: TenantAuth,
    query: z.input<typeof DocumentListQuerySchema>,
  ): Promise<DocumentPage> {
    const { q, doc_type_id, limit, cursor } = DocumentListQuerySchema.parse(query);
    const rows = await this.documents.list(auth.tenantId, {
      nameContains: q || undefined,
      docTypeId: listFilterId(doc_type_id),
      after: decodeCursor(cursor),
      limit: limit + 1,
    });
    return pageOf(rows, limit, (row) => ({
      id: row.id,
      fileName: row.file_name,
      mimeType: row.mime_type,
      uploadAt: isoFromTimestampText(row.cursorAt),
      pages: row.pages,
      pipeline_id: row.pipeline_id,
      current_step: row.current_step,
    }));
  }
}
