import {
  defaultExportSettings,
  type ExportSettings,
  type ExportSettingsPatch,
} from '@parser/contracts';

import { AppError } from '../../lib/app-error.js';
import type { TenantAuth } from '../../plugins/auth.js';

const MASK = '••••';
/** Shorter secrets show no characters at all: four of eight would give half of it away. */
const SHOW_LAST_FROM_LENGTH = 12;

/** "••••" and the last four characters (only for long secrets); empty stays empty. */
export function maskSecret(value: string): string {
  if (value === '') return '';
  return value.length >= SHOW_LAST_FROM_LENGTH ? `${MASK}${value.slice(-4)}` : MASK;
}

/**
 * Webhook secrets are write-only for everyone but admins (who edit them in the wizard): the
 * bearer token, the API key value and every custom header value, since headers often carry
 * credentials too. API keys read as members.
 */
export const mayReadExportSecrets = (auth: TenantAuth): boolean =>
  auth.role === 'admin' && auth.apiKey === null;

export function maskExportSecrets(settings: ExportSettings): ExportSettings {
  const { config } = settings;
  return {
    ...settings,
    config: {
      ...config,
      auth_token: maskSecret(config.auth_token),
      api_key_value: maskSecret(config.api_key_value),
      headers: Object.fromEntries(
        Object.entries(config.headers).map(([name, value]) => [name, maskSecret(value)]),
      ),
    },
  };
}

/**
 * An update that sends back the masks a reader was shown keeps the stored secrets, so a member
 * can save a type without knowing its token. A masked value that does not match the stored
 * secret (changed since it was read) is refused rather than stored as the secret.
 */
export function keepMaskedSecrets(
  patch: ExportSettingsPatch,
  stored: ExportSettings,
): ExportSettingsPatch {
  const config = patch.config;
  if (!config) return patch;
  const unmask = (sent: string, current: string | undefined, what: string): string => {
    if (!sent.startsWith(MASK)) return sent;
    if (current !== undefined && sent === maskSecret(current)) return current;
    throw new AppError('VALIDATION_FAILED', {
      message: `${what} holds a masked value ("${MASK}…") that matches no stored secret; enter the secret itself`,
    });
  };
  const kept = { ...config };
  if (config.auth_token !== undefined) {
    kept.auth_token = unmask(config.auth_token, stored.config.auth_token, 'auth_token');
  }
  if (config.api_key_value !== undefined) {
    kept.api_key_value = unmask(config.api_key_value, stored.config.api_key_value, 'api_key_value');
  }
  if (config.headers !== undefined) {
    kept.headers = Object.fromEntries(
      Object.entries(config.headers).map(([name, value]) => [
        name,
        unmask(value, stored.config.headers[name], `The header ${name}`),
      ]),
    );
  }
  return { ...patch, config: kept };
}

/**
 * A new type has no stored secret a mask could stand for: a mask sent on create (a type copied
 * from one read masked, say) is refused instead of becoming the token deliveries send.
 */
export function refuseMaskedSecrets(settings: ExportSettings): ExportSettings {
  keepMaskedSecrets(settings, defaultExportSettings());
  return settings;
}
