import type { AgentsEnabled, PipelineStep } from '@parser/contracts';

/** A pipeline with what an agent reads. */
export interface AgentPipeline {
  id: string;
  tenantId: string;
  docTypeId: string;
  fileId: string;
  originalFilename: string;
  currentStep: PipelineStep;
  extractedData: unknown;
  reviewedData: unknown;
  agentReport: unknown;
  version: number;
}

/** The pipelines as the agents read them (the pipelines module). */
export interface AgentPipelines {
  /** The company's pipelines waiting for a person whose type enables the agent, oldest first. */
  pendingWithAgent(
    tenantId: string,
    agent: Exclude<keyof AgentsEnabled, 'extract'>,
  ): Promise<string[]>;
  /** Which of the ids are the company's pipelines. */
  ownedIds(tenantId: string, ids: readonly string[]): Promise<Set<string>>;
  /** The company's pipeline, or undefined. */
  find(tenantId: string, pipelineId: string): Promise<AgentPipeline | undefined>;
  /** Other pipelines of the same company with the same duplicate key. */
  duplicates(
    tenantId: string,
    pipelineId: string,
    duplicateKey: string,
  ): Promise<{ id: string; originalFilename: string }[]>;
}
