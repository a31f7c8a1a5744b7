import { Button, Group, SegmentedControl, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { PRESETS, PresetKey } from '@parser/contracts';

import type { DocTypeDraft } from '../utils/draft';
import type { WizardMode } from '../utils/wizard-steps';

const CUSTOM = 'custom';
const PRESET_OPTIONS = [
  { value: CUSTOM, label: 'Custom' },
  ...PresetKey.options.map((key) => ({ value: key, label: PRESETS[key].name })),
];

export interface BasicsStepProps {
  draft: DocTypeDraft;
  mode: WizardMode;
  onNameChange: (name: string) => void;
  onDescriptionChange: (description: string) => void;
  /** null for Custom / Clear preset. */
  onPresetChange: (presetKey: PresetKey | null) => void;
}

/** Create: preset, name and description. Edit: the name only; description and preset are fixed. */
export function BasicsStep({
  draft,
  mode,
  onNameChange,
  onDescriptionChange,
  onPresetChange,
}: BasicsStepProps) {
  const nameMissing = draft.name.trim() === '';
  return (
    <Stack gap="md" maw={640}>
      {mode === 'create' && (
        <Stack gap={6}>
          <Text size="sm" fw={500} id="preset-label">
            Preset
          </Text>
          <Group gap="sm" align="center">
            <SegmentedControl
              aria-labelledby="preset-label"
              data={PRESET_OPTIONS}
              value={draft.presetKey ?? CUSTOM}
              onChange={(value) => {
                const preset = PresetKey.safeParse(value);
                onPresetChange(preset.success ? preset.data : null);
              }}
            />
            {draft.presetKey && (
              <Button variant="subtle" size="xs" onClick={() => onPresetChange(null)}>
                Clear preset
              </Button>
            )}
          </Group>
          <Text size="xs" c="dimmed">
            A preset fills in the name, description, fields and tables. Custom types start empty and
            get their fields suggested from an example document.
          </Text>
        </Stack>
      )}
      <TextInput
        label="Name"
        placeholder="e.g. Supplier Invoice"
        required
        value={draft.name}
        onChange={(event) => onNameChange(event.currentTarget.value)}
        error={nameMissing && draft.name !== '' ? 'Name is required' : undefined}
      />
      {mode === 'create' ? (
        <Textarea
          label="Description"
          placeholder="What documents this type is for"
          resize="vertical"
          rows={2}
          value={draft.description}
          onChange={(event) => onDescriptionChange(event.currentTarget.value)}
        />
      ) : (
        <Textarea
          label="Description"
          description="The description cannot be changed after creation."
          resize="vertical"
          rows={2}
          value={draft.description}
          readOnly
          disabled
        />
      )}
    </Stack>
  );
}
