import { AppError } from '../../lib/app-error.js';

interface Window {
  count: number;
  resetAt: number;
}

/**
 * Fixed-window attempt counter kept in memory. Embedded mode runs one server process, so a
 * process-local count is exact there; each process counts on its own when several run.
 */
export class RateLimiter {
  private readonly windows = new Map<string, Window>();

  constructor(
    private readonly limit: number,
    private readonly windowMs: number,
    private readonly now: () => number = Date.now,
  ) {}

  /** Counts one attempt for `key`, throwing 429 with Retry-After once the limit is passed. */
  hit(key: string): void {
    const now = this.now();
    this.sweep(now);
    const window = this.windows.get(key);
    if (!window || window.resetAt <= now) {
      this.windows.set(key, { count: 1, resetAt: now + this.windowMs });
      return;
    }
    window.count += 1;
    if (window.count > this.limit) {
      const retryAfter = Math.max(1, Math.ceil((window.resetAt - now) / 1000));
      throw new AppError('RATE_LIMITED', {
        message: `Too many attempts. Try again in ${formatWait(retryAfter)}.`,
        headers: { 'retry-after': String(retryAfter) },
      });
    }
  }

  private sweep(now: number): void {
    // Bounded memory: expired windows are dropped once the map grows.
    if (this.windows.size < 10_000) return;
    for (const [key, window] of this.windows) if (window.resetAt <= now) this.windows.delete(key);
  }
}

function formatWait(seconds: number): string {
  if (seconds < 60) return `${seconds} seconds`;
  const minutes = Math.ceil(seconds / 60);
  return minutes === 1 ? '1 minute' : `${minutes} minutes`;
}
