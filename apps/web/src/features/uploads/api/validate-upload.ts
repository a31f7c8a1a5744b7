import {
  type ValidateUploadBody,
  type ValidationResult,
  ValidationResultSchema,
} from '@parser/contracts';

import { api } from '@/lib/api-client';

/** POST /api/uploads:validate: does the file look like the chosen document type? */
export function validateUpload(body: ValidateUploadBody): Promise<ValidationResult> {
  return api.post('/api/uploads:validate', body, ValidationResultSchema);
}
