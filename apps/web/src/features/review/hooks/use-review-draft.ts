import type { ReviewRecord } from '@parser/contracts';
import { useEffect, useState } from 'react';

import { clearDraft, readDraft, writeDraft } from '../utils/review-draft';
import type { ReviewForm } from './use-review-form';

/**
 * Keeps the reviewer's unsaved edits in this browser as they type, offers them back when the page
 * opens again on the same version, and forgets them once saved.
 */
export function useReviewDraft(record: ReviewRecord, form: ReviewForm) {
  const pipelineId = record.pipeline_id;
  const [offered, setOffered] = useState(() =>
    record.current_step === 'human_review' ? readDraft(pipelineId, record.version) : null,
  );
  const { dirty, values, notes, version } = form;

  useEffect(() => {
    if (dirty) writeDraft(pipelineId, { version, values, notes });
  }, [dirty, values, notes, version, pipelineId]);

  return {
    /** A draft kept from an earlier visit, until restored or discarded. */
    offered,
    restore: () => {
      if (offered) form.restore(offered.values, offered.notes);
      setOffered(null);
    },
    discard: () => {
      clearDraft(pipelineId);
      setOffered(null);
    },
    /** After a save: the stored values are the draft now. */
    clear: () => clearDraft(pipelineId),
  };
}

export type ReviewDraft = ReturnType<typeof useReviewDraft>;
