import { Badge, type BadgeProps } from '@mantine/core';
import { PipelineStep, PIPELINE_STEPS } from '@parser/contracts';

interface StepLook {
  label: string;
  color: string;
}

/** The label and colour of a step (spec section 4); an unknown step shows its own name in gray. */
export function stepLook(step: string): StepLook {
  const known = PipelineStep.safeParse(step);
  return known.success ? PIPELINE_STEPS[known.data] : { label: step, color: 'gray' };
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
