import { describe, expect, it } from 'vitest';

import { render, screen } from '@/test/render';

import { ConfidenceBadge, confidenceColor } from './confidence-badge';

describe('ConfidenceBadge', () => {
  it.each([
    [1, 'green'],
    [0.8, 'green'],
    [0.7999, 'yellow'],
    [0.6, 'yellow'],
    [0.5999, 'red'],
    [0, 'red'],
  ])('colours %s %s', (confidence, colour) => {
    expect(confidenceColor(confidence)).toBe(colour);
  });

  it.each([
    [0.876, '88%', 'green'],
    [0.6, '60%', 'yellow'],
    [0.05, '5%', 'red'],
  ])('shows %s as %s with the %s palette', (confidence, text, colour) => {
    render(<ConfidenceBadge confidence={confidence} />, { user: null });
    const badge = screen.getByText(text);
    expect(badge.closest('.mantine-Badge-root')?.getAttribute('style')).toContain(
      `--mantine-color-${colour}-light`,
    );
  });
});
