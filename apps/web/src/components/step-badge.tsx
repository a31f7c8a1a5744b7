import { Badge, type BadgeProps } from '@mantine/core';

interface StepLook {
  label: string;
  color: string;
}

/** Spec section 4: each pipeline step's label and badge colour. */
const STEP_LOOKS: Record<string, StepLook> = {
  extraction: { label: 'Extracting...', color: 'blue' },
  data_entry: { label: 'Data Entry...', color: 'cyan' },
  reconciliation: { label: 'Reconciling...', color: 'violet' },
  human_review: { label: 'Needs Review', color: 'orange' },
  approval: { label: 'Needs Approval', color: 'yellow' },
  completed: { label: 'Completed', color: 'green' },
  failed: { label: 'Failed', color: 'red' },
};

/** The label and colour of a step; an unknown step shows its own name in gray. */
export function stepLook(step: string): StepLook {
  return STEP_LOOKS[step] ?? { label: step, color: 'gray' };
}

export interface StepBadgeProps extends Omit<BadgeProps, 'color' | 'children'> {
  /** The pipeline step (extraction … failed); unknown values render gray. */
  step: string;
}

/** Where a pipeline is, as a coloured badge. */
export function StepBadge({ step, ...props }: StepBadgeProps) {
  const { label, color } = stepLook(step);
  return (
    <Badge color={color} variant="light" data-step={step} data-color={color} {...props}>
      {label}
    </Badge>
  );
}
