import type { JobDefinition } from './job-definition.js';

/** The job definitions a process knows how to run, by name. */
export class JobRegistry {
  private readonly definitions = new Map<string, JobDefinition<unknown>>();

  register<P>(definition: JobDefinition<P>): this {
    if (this.definitions.has(definition.name)) {
      throw new Error(`Job ${definition.name} is registered twice`);
    }
    this.definitions.set(definition.name, definition as JobDefinition<unknown>);
    return this;
  }

  get(name: string): JobDefinition<unknown> | undefined {
    return this.definitions.get(name);
  }

  names(): string[] {
    return [...this.definitions.keys()];
  }
}
