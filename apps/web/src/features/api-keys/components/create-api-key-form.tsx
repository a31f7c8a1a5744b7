import { Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { isNotEmpty, useForm } from '@mantine/form';

import { ErrorAlert } from '@/components/error-alert';
import { ShownOnceSecret } from '@/components/shown-once-secret';
import { useCreateShownOnce } from '@/hooks/use-create-shown-once';

import { useCreateApiKey } from '../api/create-api-key';

interface CreateApiKeyValues {
  name: string;
}

/** Admins create a named API key; the whole key is shown once, with a Copy button. */
export function CreateApiKeyForm() {
  const createApiKey = useCreateApiKey();
  const form = useForm<CreateApiKeyValues>({
    mode: 'controlled',
    initialValues: { name: '' },
    validate: { name: isNotEmpty('Name is required') },
  });

  const { created, create, dismiss } = useCreateShownOnce(createApiKey, () => form.reset());

  const handleSubmit = (values: CreateApiKeyValues) => create({ name: values.name.trim() });

  return (
    <Stack gap="md">
      <form onSubmit={form.onSubmit(handleSubmit)} noValidate aria-label="Create an API key">
        <Group align="flex-start" gap="sm" wrap="wrap">
          <TextInput
            label="Key name"
            placeholder="e.g. Accounting import"
            maxLength={100}
            style={{ flex: 1, minWidth: 220 }}
            {...form.getInputProps('name')}
          />
          <Button type="submit" loading={createApiKey.isPending} mt={25}>
            Create key
          </Button>
        </Group>
      </form>

      {createApiKey.isError && (
        <ErrorAlert error={createApiKey.error} fallback="Failed to create API key" />
      )}

      {created && (
        <ShownOnceSecret
          title={`API key "${created.name}" created`}
          label="API key"
          value={created.key}
          copyLabel="Copy API key"
          monospace
        >
          <Text size="sm">
            Copy this key now and keep it somewhere safe: it will not be shown again. Send it as a
            bearer token: <code>Authorization: Bearer &lt;key&gt;</code>.
          </Text>
          <Group justify="flex-end">
            <Button size="xs" variant="default" onClick={dismiss}>
              Done
            </Button>
          </Group>
        </ShownOnceSecret>
      )}
    </Stack>
  );
}
