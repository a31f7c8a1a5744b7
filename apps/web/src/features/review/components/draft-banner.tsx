import { Alert, Button, Group, Text } from '@mantine/core';
import { IconDeviceFloppy } from '@tabler/icons-react';
import dayjs from 'dayjs';
import { useEffect, useRef } from 'react';

import type { ReviewDraft } from '../utils/review-draft';

export interface DraftBannerProps {
  /** The draft kept from an earlier visit. */
  draft: ReviewDraft;
  onRestore: () => void;
  onDiscard: () => void;
}

/**
 * Offers back edits that were never saved (a closed tab, a lost connection). It takes the focus
 * when it appears, which also scrolls it into view: the choice comes before anything else.
 */
export function DraftBanner({ draft, onRestore, onDiscard }: DraftBannerProps) {
  const restoreRef = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    const banner = restoreRef.current;
    banner?.focus({ preventScroll: true });
    banner?.closest('[role="alert"]')?.scrollIntoView({ block: 'nearest' });
  }, []);
  return (
    <Alert
      color="blue"
      icon={<IconDeviceFloppy size={18} />}
      title="Unsaved edits found"
      role="alert"
      style={{ scrollMarginTop: 'calc(var(--app-shell-header-height, 0px) + 16px)' }}
    >
      <Text size="sm" mb="xs">
        You left this document with edits that were not saved (
        {dayjs(draft.saved_at).format('MMM D, HH:mm')}).
      </Text>
      <Group gap="xs">
        <Button size="xs" onClick={onRestore} ref={restoreRef}>
          Restore edits
        </Button>
        <Button size="xs" variant="default" onClick={onDiscard}>
          Discard
        </Button>
      </Group>
    </Alert>
  );
}
