import { describe, expect, it } from 'vitest';

import { render, screen } from '@/test/render';

import { PlanBadge, planColor } from './plan-badge';

describe('PlanBadge', () => {
  it.each([
    ['pro', 'blue'],
    ['PRO', 'blue'],
    ['plus', 'green'],
    ['basic', 'gray'],
    ['enterprise', 'gray'],
    [null, 'gray'],
  ])('colours plan %s %s', (plan, colour) => {
    expect(planColor(plan)).toBe(colour);
  });

  it.each([
    ['pro', 'blue'],
    ['plus', 'green'],
    ['basic', 'gray'],
  ])('renders %s lowercased with the %s palette', (plan, colour) => {
    render(<PlanBadge plan={plan.toUpperCase()} />, { user: null });
    const badge = screen.getByText(plan);
    const root = badge.closest('.mantine-Badge-root');
    expect(root?.getAttribute('style')).toContain(`--mantine-color-${colour}-light`);
  });

  it("shows 'basic' when the plan is missing", () => {
    render(<PlanBadge plan={undefined} />, { user: null });
    expect(screen.getByText('basic')).toBeInTheDocument();
  });
});
