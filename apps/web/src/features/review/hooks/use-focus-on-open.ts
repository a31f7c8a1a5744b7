import type { ReviewRecord } from '@parser/contracts';
import { useEffect, useRef } from 'react';

import {
  firstLowConfidence,
  type FormValues,
  hasReviewData,
  inputId,
} from '../utils/review-values';

/**
 * On opening a document at review, the cursor waits in the first value the engine was unsure of
 * (else the first one), once. Edits kept from an earlier visit are offered first: their banner
 * keeps the focus and the view.
 */
export function useFocusOnOpen(record: ReviewRecord, values: FormValues, draftOffered: boolean) {
  const focused = useRef(false);
  const atReview = record.current_step === 'human_review';
  useEffect(() => {
    if (focused.current || !atReview || !hasReviewData(record)) return;
    focused.current = true;
    if (draftOffered) return;
    const low = firstLowConfidence(record, values);
    const first = record.schema.fields[0];
    const ref = low ?? (first ? { kind: 'field' as const, key: first.key } : null);
    if (ref) document.getElementById(inputId(ref))?.focus();
  }, [atReview, record, values, draftOffered]);
}
