import type { AgentsEnabled } from '@parser/contracts';

import type { PipelinesRepository } from './pipelines.repository.js';

/**
 * What the agents module reads of pipelines: the ones waiting for an agent, a company's own among
 * given ids, one pipeline as an agent works on it, and the others sharing its duplicate key.
 */
export class PipelinesForAgents {
  constructor(private readonly pipelines: PipelinesRepository) {}

  /** The company's pipelines waiting for a person whose type enables the agent, oldest first. */
  pendingWithAgent(
    tenantId: string,
    agent: Exclude<keyof AgentsEnabled, 'extract'>,
  ): Promise<string[]> {
    return this.pipelines.pendingWithAgent(tenantId, agent);
  }

  /** Which of the ids are the company's pipelines. */
  ownedIds(tenantId: string, ids: readonly string[]): Promise<Set<string>> {
    return this.pipelines.ownedIds(tenantId, ids);
  }

  /** A pipeline with what an agent reads, or undefined. */
  find(tenantId: string, pipelineId: string) {
    return this.pipelines.findForAgent(tenantId, pipelineId);
  }

  /** Other pipelines of the same company with the same duplicate key. */
  duplicates(tenantId: string, pipelineId: string, duplicateKey: string) {
    return this.pipelines.findDuplicates(tenantId, pipelineId, duplicateKey);
  }
}
