import { ActionIcon, Alert, CopyButton, Stack, TextInput, Tooltip } from '@mantine/core';
import { IconCheck, IconCopy } from '@tabler/icons-react';
import type { ReactNode } from 'react';

const MONOSPACE_INPUT = { input: { fontFamily: 'var(--mantine-font-family-monospace)' } };

export interface ShownOnceSecretProps {
  /** The alert's title: what was just created. */
  title: string;
  /** The read-only field's label. */
  label: string;
  /** The value the server shows only this once. */
  value: string;
  /** The Copy button's accessible name until it has copied, e.g. 'Copy API key'. */
  copyLabel: string;
  /** Shows the value in the monospace font, as keys read as code. */
  monospace?: boolean;
  /** What the user should do with the value, under the field. */
  children: ReactNode;
}

/**
 * A value the server shows only once (a new API key, an invite link): a green alert with the value
 * in a read-only field that selects itself on focus, and a Copy button.
 */
export function ShownOnceSecret({
  title,
  label,
  value,
  copyLabel,
  monospace = false,
  children,
}: ShownOnceSecretProps) {
  return (
    <Alert color="green" title={title}>
      <Stack gap="xs">
        <TextInput
          label={label}
          value={value}
          readOnly
          styles={monospace ? MONOSPACE_INPUT : undefined}
          onFocus={(event) => event.currentTarget.select()}
          rightSection={
            <CopyButton value={value} timeout={2000}>
              {({ copied, copy }) => (
                <Tooltip label={copied ? 'Copied' : 'Copy'} withArrow>
                  <ActionIcon
                    variant="subtle"
                    color={copied ? 'teal' : 'gray'}
                    onClick={copy}
                    aria-label={copied ? 'Copied' : copyLabel}
                  >
                    {copied ? <IconCheck size={16} /> : <IconCopy size={16} />}
                  </ActionIcon>
                </Tooltip>
              )}
            </CopyButton>
          }
        />
        {children}
      </Stack>
    </Alert>
  );
}
