import { Loader, Select, Stack, Switch } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { CompanySettings, DateOrder, UpdateCompanySettingsBody } from '@parser/contracts';

import { ErrorAlert } from '@/components/error-alert';
import { notifyError } from '@/lib/notify';

import { useCompanySettings } from '../api/get-company-settings';
import { useUpdateCompanySettings } from '../api/update-company-settings';

const DATE_ORDERS: { value: DateOrder | 'auto'; label: string }[] = [
  { value: 'auto', label: 'Decide per document' },
  { value: 'day_first', label: 'Day first (31/12/2026)' },
  { value: 'month_first', label: 'Month first (12/31/2026)' },
  { value: 'year_first', label: 'Year first (2026-12-31)' },
];

/** Common ISO 4217 codes first; the list is searchable. */
const CURRENCIES = [
  'EUR',
  'USD',
  'GBP',
  'CHF',
  'SEK',
  'NOK',
  'DKK',
  'PLN',
  'CZK',
  'HUF',
  'RON',
  'BGN',
  'CAD',
  'AUD',
  'NZD',
  'JPY',
  'CNY',
  'HKD',
  'SGD',
  'MYR',
  'INR',
  'IDR',
  'THB',
  'PHP',
  'ZAR',
  'BRL',
  'MXN',
  'ARS',
  'CLP',
  'COP',
  'TRY',
  'AED',
  'SAR',
];

interface CompanySettingsFormProps {
  /** Admins change the settings; everyone else sees them. */
  canEdit: boolean;
}

/** The company's yes/no settings, in the order the screen shows them. */
type SwitchKey = {
  [K in keyof CompanySettings]: CompanySettings[K] extends boolean ? K : never;
}[keyof CompanySettings];

const SWITCHES: {
  key: SwitchKey;
  label: string;
  description: string;
}[] = [
  {
    key: 'download_zip_on_approval',
    label: 'Download the ZIP after an approval',
    description: 'After approving a document, the browser downloads its export.',
  },
  {
    key: 'allow_self_approval',
    label: 'Allow approving your own submissions',
    description:
      'When off, a document must be approved by someone other than the person who submitted it.',
  },
  {
    key: 'sender_keeps_sent_documents',
    label: 'Keep documents you send for approval',
    description:
      "When off, a document sent to a colleague for approval leaves the sender's approval queue and only the colleague can approve it.",
  },
  {
    key: 'require_note_for_failed_checks',
    label: 'Ask for a note when approving failed checks',
    description:
      'Approving values whose checks fail always needs a confirmation; when on, the approver also writes why.',
  },
];

/**
 * The company's settings. Each control saves as soon as it changes, so there is no form state that
 * could be lost or disagree with the server.
 */
export function CompanySettingsForm({ canEdit }: CompanySettingsFormProps) {
  const settings = useCompanySettings();
  const update = useUpdateCompanySettings();

  if (settings.isPending) return <Loader size="sm" aria-label="Loading company settings" />;
  if (settings.isError)
    return <ErrorAlert error={settings.error} fallback="Failed to load company settings" />;

  const save = (changes: UpdateCompanySettingsBody) =>
    update.mutate(changes, {
      onSuccess: () => notifications.show({ color: 'green', message: 'Settings saved' }),
      onError: (error) => notifyError(error),
    });
  const value: CompanySettings = settings.data;
  const disabled = !canEdit || update.isPending;

  return (
    <Stack gap="md">
      {SWITCHES.map(({ key, label, description }) => (
        <Switch
          key={key}
          label={label}
          description={description}
          checked={value[key]}
          disabled={disabled}
          onChange={(event) => save({ [key]: event.currentTarget.checked })}
        />
      ))}
      <Select
        label="Usual date order"
        description="Used for numeric dates like 03/04/2026 when the document itself does not tell."
        data={DATE_ORDERS}
        value={value.usual_date_order ?? 'auto'}
        allowDeselect={false}
        disabled={disabled}
        maw={360}
        onChange={(order) =>
          save({
            usual_date_order: order === 'auto' || order === null ? null : order,
          })
        }
      />
      <Select
        label="Usual currency"
        description="Given to amounts on documents that show no currency."
        placeholder="None"
        data={CURRENCIES}
        value={value.usual_currency}
        searchable
        clearable
        disabled={disabled}
        maw={360}
        onChange={(code) => save({ usual_currency: code })}
      />
    </Stack>
  );
}
