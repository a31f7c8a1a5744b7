import { Group, Kbd, Modal, Table, Text } from '@mantine/core';

import { reviewShortcuts } from '../utils/review-shortcuts';

export interface ShortcutsModalProps {
  opened: boolean;
  onClose: () => void;
}

/** The review screen's keyboard shortcuts, opened with '?'. */
export function ShortcutsModal({ opened, onClose }: ShortcutsModalProps) {
  return (
    <Modal opened={opened} onClose={onClose} title="Keyboard shortcuts" centered size="lg">
      <Table verticalSpacing="xs" aria-label="Keyboard shortcuts">
        <Table.Tbody>
          {reviewShortcuts().map((shortcut) => (
            <Table.Tr key={shortcut.keys.join('+')}>
              <Table.Td w={170}>
                <Group gap={4} wrap="nowrap">
                  {shortcut.keys.map((key, index) => (
                    <Group key={key} gap={4} wrap="nowrap">
                      {index > 0 && (
                        <Text size="xs" c="dimmed">
                          +
                        </Text>
                      )}
                      <Kbd size="xs">{key}</Kbd>
                    </Group>
                  ))}
                </Group>
              </Table.Td>
              <Table.Td>
                <Text size="sm">{shortcut.action}</Text>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Modal>
  );
}
