import type { AgentChange, ValueRef } from '@parser/contracts';

import type { ExtractedValue, ExtractionResult } from '../../document.js';
import { cellAt, refKey, setValueAt } from '../value-refs.js';

/**
 * The data entry agent's edits: applies each to the values and records it, and refuses to touch
 * a value a person reviewed or edited.
 */
export class ChangeLog {
  readonly changes: AgentChange[] = [];
  private readonly locked: Set<string>;

  constructor(
    readonly values: ExtractionResult,
    locked: readonly ValueRef[],
  ) {
    this.locked = new Set(locked.map(refKey));
  }

  isLocked(ref: ValueRef): boolean {
    return this.locked.has(refKey(ref));
  }

  /** Applies a change unless the value is a person's; answers whether it was applied. */
  apply(
    ref: ValueRef,
    patch: Partial<ExtractedValue> & Pick<ExtractedValue, 'value'>,
    why: { reason: string; source: string; derived?: boolean; from?: ValueRef[] },
  ): boolean {
    if (this.isLocked(ref)) return false;
    const old = cellAt(this.values, ref)?.value ?? null;
    setValueAt(this.values, ref, patch);
    this.changes.push({
      ...ref,
      old,
      new: patch.value,
      reason: why.reason,
      source: why.source,
      ...(why.derived ? { derived: true } : {}),
      ...(why.from ? { from: why.from } : {}),
    });
    return true;
  }
}
