import type { PresetKey } from '@parser/contracts';

import type { DocTypeDraft } from './draft';
import { builderErrors } from './draft-items';

export type WizardMode = 'create' | 'edit';

export type WizardStepId =
  'basics' | 'quick_setup' | 'regions' | 'rag_agents' | 'export' | 'test' | 'summary';

export interface WizardStep {
  id: WizardStepId;
  label: string;
}

/** Spec section 2: seven create steps (Quick Setup only for custom types), five edit steps. */
export function wizardSteps(mode: WizardMode, presetKey: PresetKey | null): WizardStep[] {
  if (mode === 'edit') {
    return [
      { id: 'basics', label: 'Name' },
      { id: 'regions', label: 'Fields & Tables' },
      { id: 'rag_agents', label: 'Agents' },
      { id: 'export', label: 'Export Settings' },
      { id: 'summary', label: 'Save Changes' },
    ];
  }
  const steps: WizardStep[] = [
    { id: 'basics', label: 'Basics' },
    { id: 'quick_setup', label: 'Quick Setup' },
    { id: 'regions', label: 'Regions' },
    { id: 'rag_agents', label: 'RAG & Agents' },
    { id: 'export', label: 'Export Settings' },
    { id: 'test', label: 'Test' },
    { id: 'summary', label: 'Summary' },
  ];
  return presetKey ? steps.filter((step) => step.id !== 'quick_setup') : steps;
}

/** Spec section 4, step gating; the fields step also needs keys and labels that can be saved. */
export function isStepValid(step: WizardStepId, draft: DocTypeDraft): boolean {
  switch (step) {
    case 'basics':
      return draft.name.trim() !== '';
    case 'quick_setup':
      return draft.exampleFile !== null;
    case 'regions':
      return (
        draft.fields.length + draft.tables.length > 0 &&
        Object.keys(builderErrors(draft)).length === 0
      );
    case 'rag_agents':
    case 'export':
    case 'test':
    case 'summary':
      return true;
  }
}

/**
 * A step header opens when it is earlier than the current step, or when it and every step before
 * it are valid (so a header never skips a step that still needs input).
 */
export function canOpenStep(
  steps: readonly WizardStep[],
  index: number,
  active: number,
  draft: DocTypeDraft,
): boolean {
  if (index < active) return true;
  return steps.slice(0, index + 1).every((step) => isStepValid(step.id, draft));
}
