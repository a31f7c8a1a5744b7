import type { FileExtractionResponse, UploadedFile } from '@parser/contracts';
import { type Dispatch, type SetStateAction, useState } from 'react';

import { getErrorMessage } from '@/lib/api-client';

import { applySuggestion, type DocTypeDraft } from '../utils/draft';

/** Quick Setup's progress: upload, then the automatic extraction (spec section 4). */
export type QuickSetupStatus =
  | { phase: 'idle' }
  | { phase: 'uploading' }
  | { phase: 'upload_failed'; error: unknown }
  | { phase: 'extracting' }
  | { phase: 'success'; fields: number; tables: number }
  | { phase: 'failure'; reason: string };

export interface QuickSetupServices {
  uploadFile: (file: File) => Promise<UploadedFile>;
  suggestSchema: (fileId: string) => Promise<FileExtractionResponse>;
}

/** Uploads the example document and fills the draft with the fields and tables it suggests. */
export function useQuickSetup(
  services: QuickSetupServices,
  setDraft: Dispatch<SetStateAction<DocTypeDraft>>,
) {
  const [status, setStatus] = useState<QuickSetupStatus>({ phase: 'idle' });

  const handleFile = async (file: File) => {
    setStatus({ phase: 'uploading' });
    let uploaded: UploadedFile;
    try {
      uploaded = await services.uploadFile(file);
    } catch (error) {
      setStatus({ phase: 'upload_failed', error });
      return;
    }
    const exampleFile = { fileId: uploaded.fileId, fileName: uploaded.fileName || file.name };
    setDraft((draft) => ({ ...draft, exampleFile }));
    // Stored but unreadable (corrupt or encrypted): the admin defines the fields by hand.
    if (uploaded.error) {
      setStatus({ phase: 'failure', reason: uploaded.error });
      return;
    }
    setStatus({ phase: 'extracting' });
    try {
      const suggestion = await services.suggestSchema(uploaded.fileId);
      setDraft((draft) => applySuggestion(draft, suggestion));
      setStatus({
        phase: 'success',
        fields: Object.keys(suggestion.extraction_result.fields).length,
        tables: Object.keys(suggestion.extraction_result.tables).length,
      });
    } catch (error) {
      setStatus({ phase: 'failure', reason: getErrorMessage(error) });
    }
  };

  /** Forget the example so another one can be uploaded; the suggested fields stay. */
  const reset = () => {
    setStatus({ phase: 'idle' });
    setDraft((draft) => ({ ...draft, exampleFile: null }));
  };

  return { status, handleFile, reset };
}
