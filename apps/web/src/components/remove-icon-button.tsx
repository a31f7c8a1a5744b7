import { ActionIcon } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';

export interface RemoveIconButtonProps {
  /** The accessible name: what the click removes, e.g. 'Remove field 2'. */
  label: string;
  /** Removes the item. */
  onClick: () => void;
}

/** A red trash icon that removes one item of a list the user is editing. */
export function RemoveIconButton({ label, onClick }: RemoveIconButtonProps) {
  return (
    <ActionIcon variant="subtle" color="red" aria-label={label} onClick={onClick}>
      <IconTrash size={16} />
    </ActionIcon>
  );
}
