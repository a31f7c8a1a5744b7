import {
  type DocTypeCreate,
  type DocTypeTestResult,
  DocTypeTestResultSchema,
} from '@parser/contracts';
import { useMutation } from '@tanstack/react-query';

import { api } from '@/lib/api-client';

import { createDocType } from './create-doc-type';

/** POST /api/doc-types/:id/test {fileId}: each field's value and confidence, each table's rows. */
export function testDocType({
  id,
  fileId,
}: {
  id: string;
  fileId: string;
}): Promise<DocTypeTestResult> {
  return api.post(
    `/api/doc-types/${encodeURIComponent(id)}/test`,
    { fileId },
    DocTypeTestResultSchema,
  );
}

/** The server's limit on a type's name. */
const MAX_NAME_LENGTH = 200;

export interface TestExtractionInput {
  /** The wizard's current configuration, not yet saved. */
  config: DocTypeCreate;
  /** The document to extract from. */
  fileId: string;
}

/**
 * Tests an unsaved configuration: stores it as a temporary type named `{name}_test_{timestamp}`
 * (never listed, removed by the server after its test), then runs the test on it.
 */
export async function runTestExtraction({
  config,
  fileId,
}: TestExtractionInput): Promise<DocTypeTestResult> {
  const suffix = `_test_${Date.now()}`;
  const temporary = await createDocType({
    ...config,
    // Names are at most 200 characters; a long name gives way to the suffix.
    name: `${config.name.trim().slice(0, MAX_NAME_LENGTH - suffix.length)}${suffix}`,
    temporary: true,
  });
  return testDocType({ id: temporary.id, fileId });
}

export function useTestExtraction() {
  return useMutation({ mutationFn: runTestExtraction });
}
