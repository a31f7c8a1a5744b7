import type { DestinationStream } from 'pino';

/** A log destination that keeps every line the app writes, for tests to read. */
export class CapturedLogs implements DestinationStream {
  readonly lines: string[] = [];

  write(line: string): void {
    this.lines.push(line);
  }

  /** Everything logged so far, as one text. */
  get text(): string {
    return this.lines.join('');
  }

  /** The log lines as the objects pino wrote. */
  entries(): Record<string, unknown>[] {
    return this.lines.map((line) => JSON.parse(line) as Record<string, unknown>);
  }
}
