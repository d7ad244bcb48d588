import { describe, expect, it } from 'vitest';
import { RateLimiter } from '../../../service/http/rate-limit';

describe('RateLimiter', () => {
  it('allows a burst of perMinute, then asks to wait until a token is back', () => {
    let now = 0;
    const limiter = new RateLimiter(60, () => now);
    for (let i = 0; i < 60; i++) expect(limiter.takeNow('k')).toBe(0);
    expect(limiter.takeNow('k')).toBe(1);
    now += 1000;
    expect(limiter.takeNow('k')).toBe(0);
    expect(limiter.takeNow('k')).toBe(1);
  });

  it('rounds a long wait up to whole seconds', () => {
    let now = 0;
    const limiter = new RateLimiter(1, () => now);
    expect(limiter.takeNow('k')).toBe(0);
    expect(limiter.takeNow('k')).toBe(60);
    now += 30_500;
    expect(limiter.takeNow('k')).toBe(30);
  });

  it('refuses a nonsense limit', () => {
    expect(() => new RateLimiter(0)).toThrow();
    expect(() => new RateLimiter(1.5)).toThrow();
  });
});
