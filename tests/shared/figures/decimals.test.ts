import { describe, expect, it } from 'vitest';
import { decimalPlaces } from '../../../shared/figures/decimals';

describe('decimalPlaces: the decimals of a value in its shortest form', () => {
  it('counts what String() writes, not what a person wrote', () => {
    expect(decimalPlaces(12)).toBe(0);
    expect(decimalPlaces(1.5)).toBe(1);
    expect(decimalPlaces(-0.125)).toBe(3);
  });

  it('has none to count for an exponential form', () => {
    expect(decimalPlaces(1e-7)).toBeNull();
    expect(decimalPlaces(1e21)).toBeNull();
  });
});
