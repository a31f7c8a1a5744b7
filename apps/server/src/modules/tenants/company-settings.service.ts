import {
  type CompanySettings,
  CompanySettingsSchema,
  DEFAULT_COMPANY_SETTINGS,
  type UpdateCompanySettingsBody,
  UpdateCompanySettingsBodySchema,
} from '@parser/contracts';

import { jsonb } from '../../db/json.js';
import type { Database, DbExecutor } from '../../db/client.js';
import { notFound } from '../../lib/app-error.js';
import { assertAdmin, type TenantAuth } from '../../plugins/auth.js';

/**
 * A company's settings: stored as the keys it changed, read as the full set with defaults. A stored
 * key that no longer parses (an older or hand-edited value) falls back to its default rather than
 * breaking every screen that reads the settings.
 */
export class CompanySettingsService {
  constructor(private readonly db: Database) {}

  async get(tenantId: string, trx: DbExecutor = this.db): Promise<CompanySettings> {
    const row = await trx
      .selectFrom('tenants')
      .select('settings')
      .where('id', '=', tenantId)
      .executeTakeFirst();
    if (!row) throw notFound('Company');
    return withDefaults(row.settings);
  }

  /** Changes the keys sent (admins only) and answers the full settings. */
  async update(auth: TenantAuth, body: UpdateCompanySettingsBody): Promise<CompanySettings> {
    assertAdmin(auth);
    const changes = UpdateCompanySettingsBodySchema.parse(body);
    return this.db.transaction().execute(async (trx) => {
      const merged = { ...(await this.get(auth.tenantId, trx)), ...changes };
      await trx
        .updateTable('tenants')
        .set({ settings: jsonb(merged) })
        .where('id', '=', auth.tenantId)
        .execute();
      return merged;
    });
  }
}

function withDefaults(stored: unknown): CompanySettings {
  const settings: Record<string, unknown> = { ...DEFAULT_COMPANY_SETTINGS };
  if (stored && typeof stored === 'object') {
    for (const [key, value] of Object.entries(stored)) {
      const field = CompanySettingsSchema.shape[key as keyof CompanySettings] as
        (typeof CompanySettingsSchema.shape)[keyof CompanySettings] | undefined;
      const parsed = field?.safeParse(value);
      if (parsed?.success) settings[key] = parsed.data;
    }
  }
  return CompanySettingsSchema.parse(settings);
}
