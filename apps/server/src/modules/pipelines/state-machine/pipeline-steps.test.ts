import { describe, expect, it } from 'vitest';

import { stepAfter, stepAfterDecision } from './pipeline-steps.js';

const agents = (data_entry: boolean, recon: boolean) => ({
  extract: true as const,
  data_entry,
  recon,
});

describe('stepAfter', () => {
  it('runs the enabled agents in order and always ends at human review', () => {
    expect(stepAfter('extraction', agents(true, true))).toBe('data_entry');
    expect(stepAfter('data_entry', agents(true, true))).toBe('reconciliation');
    expect(stepAfter('reconciliation', agents(true, true))).toBe('human_review');
    expect(stepAfter('extraction', agents(false, true))).toBe('reconciliation');
    expect(stepAfter('extraction', agents(true, false))).toBe('data_entry');
    expect(stepAfter('data_entry', agents(true, false))).toBe('human_review');
    expect(stepAfter('extraction', agents(false, false))).toBe('human_review');
  });
});

describe('stepAfterDecision', () => {
  it('completes on approve, returns to review on reject and stays at approval when passed on', () => {
    expect(stepAfterDecision('approve')).toBe('completed');
    expect(stepAfterDecision('reject')).toBe('human_review');
    expect(stepAfterDecision('send_for_approval')).toBe('approval');
  });
});
