import { Badge } from '@mantine/core';

/** Spec section 9: green at 0.8 or more, yellow at 0.6 or more, red below. */
export function confidenceColor(confidence: number): 'green' | 'yellow' | 'red' {
  if (confidence >= 0.8) return 'green';
  if (confidence >= 0.6) return 'yellow';
  return 'red';
}

/** A confidence between 0 and 1 as a whole percent: 0.876 → '88%'. */
export function formatConfidence(confidence: number): string {
  return `${Math.round(confidence * 100)}%`;
}

export interface ConfidenceBadgeProps {
  /** The extraction confidence, 0 to 1. */
  confidence: number;
}

/** An extracted value's confidence as a percent, coloured by band. */
export function ConfidenceBadge({ confidence }: ConfidenceBadgeProps) {
  const color = confidenceColor(confidence);
  const text = formatConfidence(confidence);
  return (
    <Badge color={color} variant="light" aria-label={`Confidence ${text}`} data-confidence={color}>
      {text}
    </Badge>
  );
}
