import type { QueuePosition } from '@parser/contracts';

import { isTyping } from '../utils/review-shortcuts';
import { useWindowKeydown } from './use-window-keydown';

interface ReviewShortcutsOptions {
  /** A dialog is open: it owns the keyboard. */
  paused: boolean;
  /** Mod + Enter, with Shift for 'and next': submits at review, asks for the decision at approval. */
  onSend: (options: { next: boolean }) => void;
  /** '?' outside a text box. */
  onShowShortcuts: () => void;
  queue: QueuePosition | undefined;
  /** Alt + ↓ / Alt + ↑: the next or previous document of the queue. */
  onOpenDocument: (pipelineId: string) => void;
}

/** The review screen's page-wide shortcuts (the '?' dialog lists them). */
export function useReviewShortcuts({
  paused,
  onSend,
  onShowShortcuts,
  queue,
  onOpenDocument,
}: ReviewShortcutsOptions) {
  useWindowKeydown((event) => {
    if (paused || event.defaultPrevented) return;
    const mod = event.ctrlKey || event.metaKey;
    if (event.key === 'Enter' && mod) {
      event.preventDefault();
      onSend({ next: event.shiftKey });
    } else if (event.key === '?' && !isTyping(event.target)) {
      event.preventDefault();
      onShowShortcuts();
    } else if (event.altKey && (event.key === 'ArrowDown' || event.key === 'ArrowUp')) {
      const target = event.key === 'ArrowDown' ? queue?.next_id : queue?.previous_id;
      if (!target) return;
      event.preventDefault();
      onOpenDocument(target);
    }
  });
}
