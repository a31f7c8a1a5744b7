import { Box, Tooltip } from '@mantine/core';

import { confidenceColor, formatConfidence } from '@/components/confidence-badge';

export interface ConfidenceDotProps {
  /** The extraction confidence, 0 to 1. */
  confidence: number;
}

/** A table cell's confidence as a small coloured dot (the badge is too wide for a cell). */
export function ConfidenceDot({ confidence }: ConfidenceDotProps) {
  const color = confidenceColor(confidence);
  const text = formatConfidence(confidence);
  return (
    <Tooltip label={`Confidence ${text}`}>
      <Box
        w={8}
        h={8}
        bg={`${color}.6`}
        style={{ borderRadius: '50%' }}
        role="img"
        aria-label={`Confidence ${text}`}
        data-confidence={color}
      />
    </Tooltip>
  );
}
