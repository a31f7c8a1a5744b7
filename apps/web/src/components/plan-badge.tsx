import { Badge } from '@mantine/core';

/** Spec section 2: pro is blue, plus is green, anything else gray. */
export function planColor(plan: string | null | undefined): 'blue' | 'green' | 'gray' {
  const normalized = plan?.toLowerCase();
  if (normalized === 'pro') return 'blue';
  if (normalized === 'plus') return 'green';
  return 'gray';
}

export interface PlanBadgeProps {
  /** The tenant's plan; missing means 'basic'. */
  plan: string | null | undefined;
}

/** The tenant's plan, lowercased, coloured by tier. */
export function PlanBadge({ plan }: PlanBadgeProps) {
  const text = (plan ?? 'basic').toLowerCase();
  return (
    <Badge
      color={planColor(text)}
      variant="light"
      tt="lowercase"
      aria-label={`Plan: ${text}`}
      data-plan={text}
    >
      {text}
    </Badge>
  );
}
