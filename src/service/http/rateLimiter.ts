/**
 * Per-key token bucket: `rate` requests per second on average, bursts up to 2 × rate.
 * An empty bucket answers how long until the next token (→ 503 with Retry-After).
 */
export class RateLimiter {
  private readonly buckets = new Map<string, { tokens: number; at: number }>();

  constructor(
    private readonly rate: number,
    private readonly now: () => number,
  ) {}

  /** 0 when the request may proceed, else milliseconds until it could. */
  take(keyId: string): number {
    if (this.rate <= 0) return 0;
    const burst = Math.max(1, this.rate * 2);
    const now = this.now();
    const b = this.buckets.get(keyId) ?? { tokens: burst, at: now };
    b.tokens = Math.min(burst, b.tokens + ((now - b.at) / 1000) * this.rate);
    b.at = now;
    this.buckets.set(keyId, b);
    if (b.tokens >= 1) {
      b.tokens -= 1;
      return 0;
    }
    return Math.ceil(((1 - b.tokens) / this.rate) * 1000);
  }
}
