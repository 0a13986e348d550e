import { describe, expect, it } from 'vitest';
import { createExportSlots } from './export-slots';

describe('export slots', () => {
  it('gives each owner at most perOwner slots and the process at most total', () => {
    const slots = createExportSlots({ perOwner: 2, total: 3 });
    const a1 = slots.take('a');
    const a2 = slots.take('a');
    expect(a1.ok && a2.ok).toBe(true);
    expect(slots.take('a')).toEqual({ ok: false, reason: 'owner' });
    expect(slots.take('b').ok).toBe(true);
    expect(slots.take('c')).toEqual({ ok: false, reason: 'total' });
    expect(slots.running()).toBe(3);
    if (a1.ok) a1.release();
    expect(slots.take('c').ok).toBe(true);
  });

  it('a release given twice frees one slot only', () => {
    const slots = createExportSlots({ perOwner: 1, total: 2 });
    const first = slots.take('a');
    if (!first.ok) throw new Error('no slot');
    const other = slots.take('b');
    expect(other.ok).toBe(true);
    first.release();
    first.release();
    expect(slots.running()).toBe(1);
    expect(slots.take('a').ok).toBe(true);
    expect(slots.take('c')).toEqual({ ok: false, reason: 'total' });
  });
});
