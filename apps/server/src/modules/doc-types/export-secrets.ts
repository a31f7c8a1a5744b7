import { isDeepStrictEqual } from 'node:util';

import {
  defaultExportSettings,
  type ExportConfig,
  type ExportSettings,
  type ExportSettingsPatch,
  mergeExportSettings,
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

/**
 * The settings that decide where a webhook goes and which credentials it carries. Only admins
 * (signed in, not through an API key) may change them: whoever can point the webhook elsewhere
 * can have the stored credentials sent there.
 */
const SECRET_BEARING_SETTINGS = [
  'webhook_url',
  'headers',
  'auth_token',
  'api_key_header',
  'api_key_value',
] as const satisfies readonly (keyof ExportConfig)[];

/** Those who may read the secrets are those who may decide where they are sent. */
const mayChangeSecretBearingSettings = mayReadExportSecrets;

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
function keepMaskedSecrets(
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
 * A type's export settings after an update. Masks sent back unchanged keep the stored secrets;
 * a new webhook URL drops every stored secret the request does not send again in clear, so
 * credentials meant for one receiver never follow the webhook to another. Throws FORBIDDEN when
 * someone other than an admin changes a secret-bearing setting.
 */
export function updatedExportSettings(
  auth: TenantAuth,
  stored: ExportSettings,
  patch: ExportSettingsPatch,
): ExportSettings {
  if (!mayChangeSecretBearingSettings(auth)) {
    const next = mergeExportSettings(stored, keepMaskedSecrets(patch, stored));
    const changed = SECRET_BEARING_SETTINGS.filter(
      (key) => !isDeepStrictEqual(next.config[key], stored.config[key]),
    );
    if (changed.length > 0) {
      throw new AppError('FORBIDDEN', {
        message:
          "Only an admin of your company can change a document type's webhook URL, headers, " +
          `bearer token or API key header and value (this request changes ${changed.join(', ')})`,
      });
    }
    return next;
  }
  const newUrl = patch.config?.webhook_url;
  if (newUrl !== undefined && newUrl !== stored.config.webhook_url) {
    return mergeExportSettings(withoutStoredSecrets(stored), withoutMasks(patch));
  }
  return mergeExportSettings(stored, keepMaskedSecrets(patch, stored));
}

/** Stored settings with the webhook's credentials emptied, for a webhook that moves elsewhere. */
function withoutStoredSecrets(stored: ExportSettings): ExportSettings {
  return {
    ...stored,
    config: { ...stored.config, auth_token: '', api_key_value: '', headers: {} },
  };
}

/** A mask stands for a secret of the old receiver; it is not a secret given for the new one. */
function withoutMasks(patch: ExportSettingsPatch): ExportSettingsPatch {
  const config = patch.config;
  if (!config) return patch;
  const given = (value: string | undefined) =>
    value === undefined || value.startsWith(MASK) ? undefined : value;
  return {
    ...patch,
    config: {
      ...config,
      auth_token: given(config.auth_token),
      api_key_value: given(config.api_key_value),
      headers:
        config.headers &&
        Object.fromEntries(
          Object.entries(config.headers).filter(([, value]) => given(value) !== undefined),
        ),
    },
  };
}

/**
 * A new type has no stored secret a mask could stand for: a mask sent on create (a type copied
 * from one read masked, say) is refused instead of becoming the token deliveries send.
 */
export function refuseMaskedSecrets(settings: ExportSettings): ExportSettings {
  keepMaskedSecrets(settings, defaultExportSettings());
  return settings;
}
