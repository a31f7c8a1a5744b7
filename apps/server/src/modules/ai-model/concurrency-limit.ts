/**
 * At most `max` tasks run at once; the rest wait in arrival order. A model endpoint (a local
 * Ollama on the same machine, or a hosted API with a rate limit) answers worse, not faster, when
 * every document of a large upload asks it at the same moment.
 */
export class ConcurrencyLimit {
  private running = 0;
  private readonly waiting: (() => void)[] = [];

  constructor(private readonly max: number) {}

  async run<T>(task: () => Promise<T>): Promise<T> {
    if (this.running >= this.max) {
      await new Promise<void>((resolve) => this.waiting.push(resolve));
    } else {
      this.running++;
    }
    try {
      return await task();
    } finally {
      const next = this.waiting.shift();
      // The slot passes straight to the next waiter, so `running` stays counted.
      if (next) next();
      else this.running--;
    }
  }
}
