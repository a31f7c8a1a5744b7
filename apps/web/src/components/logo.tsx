import { ThemeIcon } from '@mantine/core';
import { IconFileAnalytics } from '@tabler/icons-react';

export interface LogoProps {
  /** Icon size in px. @default 34 */
  size?: number;
}

/** The Parser mark. */
export function Logo({ size = 34 }: LogoProps) {
  return (
    <ThemeIcon size={size} radius="md" variant="filled" color="blue" aria-hidden>
      <IconFileAnalytics size={size * 0.6} />
    </ThemeIcon>
  );
}
