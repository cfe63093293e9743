import { describe, expect, it } from 'vitest';
import { entryCount } from './entry-count';

describe('entryCount', () => {
  it('shows an exact total as it is and a capped search total with a plus', () => {
    expect(entryCount({ total: 48 })).toBe('48');
    expect(entryCount({ total: 48, totalCapped: false })).toBe('48');
    expect(entryCount({ total: 1000, totalCapped: true })).toBe('1,000+');
  });
});
