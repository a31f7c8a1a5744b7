import { describe, expect, it } from 'vitest';

import { namesRole } from './role-rows.js';

const roles = (label: string) =>
  (['subtotal', 'tax', 'total'] as const).filter((role) => namesRole(label, role));

describe('the role a printed row label names', () => {
  it('reads a plain subtotal, tax and total', () => {
    expect(roles('sub total')).toEqual(['subtotal']);
    expect(roles('gst payable (6%):')).toEqual(['tax']);
    expect(roles('grand total')).toEqual(['total']);
  });

  it('reads a total that states its tax as included as the total, never as the tax', () => {
    expect(roles('total (inclusive of gst):')).toEqual(['total']);
    expect(roles('total sales incl. vat')).toEqual(['total']);
  });

  it('reads a total that states its tax as excluded as the subtotal, never as the tax', () => {
    expect(roles('total (excluding gst):')).toEqual(['subtotal']);
    expect(roles('total 6% supplies (excl. gst):')).toEqual([]);
  });

  it('keeps blocking labels that only hold a role word', () => {
    expect(roles('total qty: 6')).toEqual([]);
  });
});
