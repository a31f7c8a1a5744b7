import { Badge } from '@mantine/core';
import type { Role } from '@parser/contracts';

export interface RoleBadgeProps {
  /** The role in the company. */
  role: Role;
}

/** A member's or an invite's role: admin in blue, member in gray. */
export function RoleBadge({ role }: RoleBadgeProps) {
  return (
    <Badge variant="light" color={role === 'admin' ? 'blue' : 'gray'}>
      {role}
    </Badge>
  );
}
