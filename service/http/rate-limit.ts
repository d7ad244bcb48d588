import type { RateLimit } from '../store/contract';

/**
 * A token bucket per API key in this process's memory: `perMinute` requests a minute on average, bursts up
 * to `perMinute`. The embedded engine's limiter (one process owns a data folder); off for the app's own
 * service. A database engine shares its buckets between instances instead.
 */
export class RateLimiter implements RateLimit {
  private readonly buckets = new Map<string, { tokens: number; updated: number }>();

  constructor(
    readonly perMinute: number,
    private readonly clock: () => number = Date.now,
  ) {
    if (!Number.isInteger(perMinute) || perMinute < 1)
      throw new Error('rate limit must be a whole number ≥ 1');
  }

  async take(key: string): Promise<number> {
    return this.takeNow(key);
  }

  /** Takes one token for `key`; returns 0 when allowed, else the whole seconds to wait. */
  takeNow(key: string): number {
    const now = this.clock();
    const refillPerMs = this.perMinute / 60_000;
    const bucket = this.buckets.get(key) ?? { tokens: this.perMinute, updated: now };
    bucket.tokens = Math.min(this.perMinute, bucket.tokens + (now - bucket.updated) * refillPerMs);
    bucket.updated = now;
    this.buckets.set(key, bucket);
    if (bucket.tokens >= 1) {
      bucket.tokens -= 1;
      return 0;
    }
    return Math.max(1, Math.ceil((1 - bucket.tokens) / refillPerMs / 1000));
  }
}
