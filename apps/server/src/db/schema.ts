import type { ColumnType, Generated, Insertable, RawBuilder, Selectable, Updateable } from 'kysely';

/** Column types as Kysely sees them, camelCased by the CamelCasePlugin. */
type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type NullableTimestamp = ColumnType<
  Date | null,
  Date | string | null | undefined,
  Date | string | null
>;

export interface TenantsTable {
  id: Generated<string>;
  name: string;
  plan: ColumnType<'basic' | 'plus' | 'pro', 'basic' | 'plus' | 'pro' | undefined>;
  /** The company settings a company changed; defaults fill the rest (company-settings.ts). */
  settings: ColumnType<unknown, never, RawBuilder<unknown>>;
  createdAt: Timestamp;
}

export interface UsersTable {
  id: Generated<string>;
  email: string;
  passwordHash: string;
  tenantId: string | null;
  role: 'admin' | 'member' | null;
  createdAt: Timestamp;
  updatedAt: Timestamp;
}

export interface RefreshTokensTable {
  id: Generated<string>;
  userId: string;
  familyId: string;
  tokenHash: string;
  expiresAt: Date | string;
  rotatedAt: NullableTimestamp;
  revokedAt: NullableTimestamp;
  createdAt: Timestamp;
}

export interface InvitesTable {
  id: Generated<string>;
  tenantId: string;
  email: string;
  role: 'admin' | 'member';
  tokenHash: string;
  invitedBy: string | null;
  createdAt: Timestamp;
  expiresAt: Date | string;
  acceptedAt: NullableTimestamp;
  acceptedBy: string | null;
  revokedAt: NullableTimestamp;
}

/** A jsonb column: written with `jsonb(value)` from db/json.ts, read back parsed. */
type Json<T> = ColumnType<T, RawBuilder<T>, RawBuilder<T>>;
type NullableJson<T> = ColumnType<T | null, RawBuilder<T> | null | undefined, RawBuilder<T> | null>;

export type DocumentFormat = 'pdf' | 'png' | 'jpeg' | 'tiff' | 'doc' | 'docx' | 'xml';

export interface FilesTable {
  id: Generated<string>;
  tenantId: string;
  storageKey: string;
  originalFilename: string;
  /** lower(original_filename), kept by the database for the name search. */
  nameFolded: ColumnType<string, never, never>;
  contentType: string;
  format: DocumentFormat;
  sizeBytes: ColumnType<number, number, number>;
  sha256: string;
  pages: ColumnType<number, number | undefined, number>;
  readError: string | null;
  uploadedBy: string | null;
  createdAt: Timestamp;
}

export interface FileReadingsTable {
  fileId: string;
  tenantId: string;
  readerVersion: string;
  /** The engine's ReadDocument as kept before readings were packed; NULL since. */
  reading: NullableJson<unknown>;
  /** The engine's ReadDocument, its JSON gzipped (packed-reading.ts). */
  packed: Uint8Array | null;
  /** Each page's number, width and height. */
  pageSizes: Json<{ number: number; width: number; height: number }[]>;
  createdAt: Timestamp;
}

export interface DocTypesTable {
  id: Generated<string>;
  tenantId: string;
  name: string;
  description: ColumnType<string, string | undefined, string>;
  presetKey: string | null;
  fields: Json<unknown[]>;
  tables: Json<unknown[]>;
  agentsEnabled: NullableJson<unknown>;
  extractionInstructions: ColumnType<string, string | undefined, string>;
  dataEntryInstructions: ColumnType<string, string | undefined, string>;
  referenceDocuments: Json<unknown[]>;
  exportSettings: Json<unknown>;
  isTemporary: ColumnType<boolean, boolean | undefined, boolean>;
  createdBy: string | null;
  createdAt: Timestamp;
  updatedAt: Timestamp;
  /** Whether the optional AI model also reads this type's documents (migration 0012). */
  useModel: ColumnType<boolean, boolean | undefined, boolean>;
}

export interface RagDocumentsTable {
  id: Generated<string>;
  tenantId: string;
  name: string;
  description: ColumnType<string, string | undefined, string>;
  originalFilename: string;
  contentType: string;
  sizeBytes: ColumnType<number, number, number>;
  sha256: string;
  storageKey: string;
  text: ColumnType<string, string | undefined, string>;
  uploadedBy: string | null;
  createdAt: Timestamp;
}

export interface UploadsTable {
  id: Generated<string>;
  tenantId: string;
  docTypeId: string;
  fileIds: string[];
  createdBy: string | null;
  createdAt: Timestamp;
}

export type PipelineStepValue =
  | 'extraction'
  | 'data_entry'
  | 'reconciliation'
  | 'human_review'
  | 'approval'
  | 'completed'
  | 'failed';

export interface PipelinesTable {
  id: Generated<string>;
  tenantId: string;
  docTypeId: string;
  fileId: string;
  uploadId: string | null;
  originalFilename: string;
  currentStep: PipelineStepValue;
  failedStep: PipelineStepValue | null;
  failureReason: string | null;
  extractedData: NullableJson<unknown>;
  reviewedData: NullableJson<unknown>;
  reviewNotes: ColumnType<string, string | undefined, string>;
  decisionNotes: ColumnType<string, string | undefined, string>;
  assignedTo: string | null;
  version: ColumnType<number, number | undefined, number | RawBuilder<number>>;
  createdBy: string | null;
  approvedBy: string | null;
  approvedAt: NullableTimestamp;
  createdAt: Timestamp;
  updatedAt: Timestamp;
  /** The agents' last changes and reconciliation report (migration 0009). */
  agentReport: NullableJson<unknown>;
  /** Normalised vendor + invoice number (receipts: merchant, date, total) for the duplicates check. */
  duplicateKey: ColumnType<string | null, string | null | undefined, string | null>;
}

/** Kept by a trigger on pipelines (migration 0005); read-only for the application. */
export interface PipelineCountsTable {
  tenantId: string;
  docTypeId: string;
  currentStep: PipelineStepValue;
  count: number;
}

export interface PipelineEventsTable {
  id: Generated<number>;
  tenantId: string;
  pipelineId: string;
  kind: string;
  actorUserId: string | null;
  actorLabel: string;
  data: Json<Record<string, unknown>>;
  createdAt: Timestamp;
}

export type JobStatus = 'queued' | 'running' | 'succeeded' | 'failed';
export type JobLane = 'interactive' | 'background';

export interface JobsTable {
  id: Generated<number>;
  name: string;
  payload: Json<unknown>;
  tenantId: string | null;
  status: ColumnType<JobStatus, JobStatus | undefined, JobStatus>;
  attempts: ColumnType<number, number | undefined, number | RawBuilder<number>>;
  maxAttempts: ColumnType<number, number | undefined, number>;
  runAt: Timestamp;
  lockedUntil: NullableTimestamp;
  lockedBy: string | null;
  lastError: string | null;
  dedupeKey: string | null;
  createdAt: Timestamp;
  updatedAt: Timestamp;
  finishedAt: NullableTimestamp;
  /** Interactive jobs (someone waits for them) are claimed first, with a reserved slot (0010). */
  lane: ColumnType<JobLane, JobLane | undefined, JobLane>;
  /** What the handler answered, for whoever waits on the job (0010). */
  result: NullableJson<unknown>;
  /**
   * Runs that ended their worker: the engine was stopped under them, or the worker process died
   * while running them. At JOB_MAX_ENGINE_STOPS the job fails for good (0017).
   */
  engineStops: ColumnType<number, number | undefined, number | RawBuilder<number>>;
  /**
   * Claimed in this order (after interactive work, per company): a new job joins the end of the
   * line, a follow-up job takes its predecessor's place (0018).
   */
  placeInLine: ColumnType<number, number | RawBuilder<number> | undefined, never>;
}

export interface WebhookSecretsTable {
  tenantId: string;
  secret: string;
  createdAt: Timestamp;
  rotatedAt: NullableTimestamp;
}

export type WebhookTrigger = 'auto' | 'manual';
export type WebhookDeliveryStatus = 'pending' | 'delivered' | 'failed';

export interface WebhookDeliveriesTable {
  id: Generated<string>;
  tenantId: string;
  pipelineId: string;
  url: string;
  /** Everything a retry sends besides the signed body; never part of an API answer. */
  headers: Json<Record<string, string>>;
  timeoutSeconds: number;
  trigger: WebhookTrigger;
  status: ColumnType<
    WebhookDeliveryStatus,
    WebhookDeliveryStatus | undefined,
    WebhookDeliveryStatus
  >;
  attempts: ColumnType<number, number | undefined, number | RawBuilder<number>>;
  lastStatusCode: number | null;
  lastError: string | null;
  nextAttemptAt: NullableTimestamp;
  createdAt: Timestamp;
  deliveredAt: NullableTimestamp;
}

export interface WebhookDeliveryAttemptsTable {
  id: Generated<number>;
  deliveryId: string;
  attempt: number;
  at: Timestamp;
  statusCode: number | null;
  error: string | null;
  durationMs: number;
}

export interface ApiKeysTable {
  id: Generated<string>;
  tenantId: string;
  name: string;
  prefix: string;
  keyHash: string;
  createdBy: string;
  createdAt: Timestamp;
  lastUsedAt: NullableTimestamp;
  revokedAt: NullableTimestamp;
}

/** Fixed-window request counts of the rate limiter, shared by processes on PostgreSQL. */
export interface RateLimitCountersTable {
  key: string;
  hits: number;
  resetsAt: Timestamp;
}

/** A run of an agent over many pipelines, with its progress (migration 0009). */
export interface AgentRunsTable {
  id: Generated<string>;
  tenantId: string;
  agent: 'data_entry' | 'reconciliation';
  status: ColumnType<'running' | 'completed', 'running' | 'completed' | undefined>;
  pipelineIds: string[];
  results: Json<unknown[]>;
  createdBy: string | null;
  createdAt: Timestamp;
  finishedAt: NullableTimestamp;
}

/** One request to the optional AI model, for usage totals and the last error (migration 0012). */
export interface ModelCallsTable {
  id: Generated<number>;
  tenantId: string;
  pipelineId: string | null;
  purpose: 'extraction' | 'suggestion' | 'data_entry' | 'reconciliation';
  model: string;
  outcome: 'used' | 'fallback';
  inputTokens: ColumnType<number, number | undefined, number>;
  outputTokens: ColumnType<number, number | undefined, number>;
  latencyMs: ColumnType<number, number | undefined, number>;
  error: string | null;
  createdAt: Timestamp;
}

/** A vendor learned from reviewed documents (migration 0011); hints as the engine's VendorHints. */
export interface LearnedVendorsTable {
  id: Generated<string>;
  tenantId: string;
  docTypeId: string;
  name: string;
  keys: Json<string[]>;
  hints: Json<unknown>;
  documentsTaught: ColumnType<number, number | undefined, number>;
  lastTaughtAt: Timestamp;
  lastUsedAt: NullableTimestamp;
  createdAt: Timestamp;
}

/** One reviewed document's lesson about its vendor (migration 0011). */
export interface LearnedLessonsTable {
  tenantId: string;
  pipelineId: string;
  vendorId: string;
  lesson: Json<unknown>;
  taughtAt: Timestamp;
}

export interface DB {
  tenants: TenantsTable;
  users: UsersTable;
  refreshTokens: RefreshTokensTable;
  invites: InvitesTable;
  files: FilesTable;
  fileReadings: FileReadingsTable;
  docTypes: DocTypesTable;
  ragDocuments: RagDocumentsTable;
  uploads: UploadsTable;
  pipelines: PipelinesTable;
  pipelineCounts: PipelineCountsTable;
  pipelineEvents: PipelineEventsTable;
  agentRuns: AgentRunsTable;
  jobs: JobsTable;
  webhookSecrets: WebhookSecretsTable;
  webhookDeliveries: WebhookDeliveriesTable;
  webhookDeliveryAttempts: WebhookDeliveryAttemptsTable;
  apiKeys: ApiKeysTable;
  rateLimitCounters: RateLimitCountersTable;
  modelCalls: ModelCallsTable;
  learnedVendors: LearnedVendorsTable;
  learnedLessons: LearnedLessonsTable;
}

export type UserRow = Selectable<UsersTable>;
export type NewUser = Insertable<UsersTable>;
export type UserUpdate = Updateable<UsersTable>;
export type TenantRow = Selectable<TenantsTable>;
export type InviteRow = Selectable<InvitesTable>;
export type FileRow = Selectable<FilesTable>;
export type DocTypeRow = Selectable<DocTypesTable>;
export type RagDocumentRow = Selectable<RagDocumentsTable>;
export type PipelineRow = Selectable<PipelinesTable>;
export type PipelineEventRow = Selectable<PipelineEventsTable>;
export type JobRow = Selectable<JobsTable>;
export type WebhookDeliveryRow = Selectable<WebhookDeliveriesTable>;
export type WebhookDeliveryAttemptRow = Selectable<WebhookDeliveryAttemptsTable>;
export type ApiKeyRow = Selectable<ApiKeysTable>;
