import { assertId } from '../../lib/ids.js';
import type { PipelineDocType, PipelineDocTypes } from '../pipelines/pipeline-ports.js';

import type { DocTypesRepository } from './doc-types.repository.js';
import { toPipelineDocType } from './stored-doc-type.js';

/** Every type of a company fits in one answer; the cap keeps it bounded. */
export const DOC_TYPES_LIMIT = 500;

/**
 * Document types as document processing runs them (pipelines, agents, learning, exports,
 * uploads): read-only, so every module that processes documents can use it.
 */
export class DocTypeLookup implements PipelineDocTypes {
  constructor(private readonly docTypes: DocTypesRepository) {}

  /** A type as document processing runs it, or undefined; temporary types are not offered. */
  async findForPipeline(tenantId: string, docTypeId: string): Promise<PipelineDocType | undefined> {
    let id: string;
    try {
      id = assertId(docTypeId, 'Document type');
    } catch {
      return undefined;
    }
    const row = await this.docTypes.findById(tenantId, id);
    return row && !row.isTemporary ? toPipelineDocType(row) : undefined;
  }

  /** Every type of the tenant as document processing runs it (for classifying uploads). */
  async listForPipeline(tenantId: string): Promise<PipelineDocType[]> {
    const rows = await this.docTypes.list(tenantId, DOC_TYPES_LIMIT);
    return rows.map(toPipelineDocType);
  }
}
