import { Alert, Button, Group, Text } from '@mantine/core';
import { IconDeviceFloppy } from '@tabler/icons-react';
import dayjs from 'dayjs';

import type { ReviewDraft } from '../utils/review-draft';

export interface DraftBannerProps {
  /** The draft kept from an earlier visit. */
  draft: ReviewDraft;
  onRestore: () => void;
  onDiscard: () => void;
}

/** Offers back edits that were never saved (a closed tab, a lost connection). */
export function DraftBanner({ draft, onRestore, onDiscard }: DraftBannerProps) {
  return (
    <Alert color="blue" icon={<IconDeviceFloppy size={18} />} title="Unsaved edits found">
      <Text size="sm" mb="xs">
        You left this document with edits that were not saved (
        {dayjs(draft.saved_at).format('MMM D, HH:mm')}).
      </Text>
      <Group gap="xs">
        <Button size="xs" onClick={onRestore}>
          Restore edits
        </Button>
        <Button size="xs" variant="default" onClick={onDiscard}>
          Discard
        </Button>
      </Group>
    </Alert>
  );
}
