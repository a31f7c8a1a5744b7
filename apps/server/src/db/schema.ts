import type { ColumnType, Generated, Insertable, Selectable, Updateable } from 'kysely';

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

export interface DB {
  tenants: TenantsTable;
  users: UsersTable;
  refreshTokens: RefreshTokensTable;
  invites: InvitesTable;
}

export type UserRow = Selectable<UsersTable>;
export type NewUser = Insertable<UsersTable>;
export type UserUpdate = Updateable<UsersTable>;
export type TenantRow = Selectable<TenantsTable>;
export type InviteRow = Selectable<InvitesTable>;
