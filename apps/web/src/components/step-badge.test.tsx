import { describe, expect, it } from 'vitest';

import { render, screen } from '@/test/render';

import { StepBadge } from './step-badge';

describe('StepBadge', () => {
  it.each([
    ['extraction', 'Extracting...', 'blue'],
    ['data_entry', 'Data Entry...', 'cyan'],
    ['reconciliation', 'Reconciling...', 'violet'],
    ['human_review', 'Needs Review', 'orange'],
    ['approval', 'Needs Approval', 'yellow'],
    ['completed', 'Completed', 'green'],
    ['failed', 'Failed', 'red'],
    ['archived', 'archived', 'gray'],
  ])('shows step %s as %s in %s', (step, label, colour) => {
    render(<StepBadge step={step} />, { user: null });
    const root = screen.getByText(label).closest('.mantine-Badge-root');
    expect(root?.getAttribute('style')).toContain(`--mantine-color-${colour}-light`);
  });
});
