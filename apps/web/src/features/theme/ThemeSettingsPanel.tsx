import { Radio, SimpleGrid, Stack, Text } from '@mantine/core';
import type { Role } from '@mindledger/domain';
import {
  canUseDarkMode,
  themeStore,
  useThemeSettings,
  type Layout,
  type LayoutType,
  type MixLayout,
} from './theme-settings';

interface Choice<T extends string> {
  value: T;
  label: string;
  dark?: boolean;
}

const mixChoices: Choice<MixLayout>[] = [
  { value: 'light', label: 'Light' },
  { value: 'dark', label: 'Dark', dark: true },
  { value: 'dark-sidebar', label: 'Dark sidebar', dark: true },
];
const typeChoices: Choice<LayoutType>[] = [
  { value: 'ltr', label: 'Left to right (LTR)' },
  { value: 'rtl', label: 'Right to left (RTL)' },
  { value: 'box', label: 'Boxed' },
];
const layoutChoices: Choice<Layout>[] = [
  { value: 'compact-wrapper', label: 'Vertical' },
  { value: 'horizontal-sidebar', label: 'Horizontal' },
];

function ChoiceGroup<T extends string>({
  label,
  value,
  choices,
  onChange,
  darkAllowed = true,
}: {
  label: string;
  value: T;
  choices: Choice<T>[];
  onChange: (value: T) => void;
  darkAllowed?: boolean;
}) {
  return (
    <Radio.Group label={label} value={value} onChange={(next) => onChange(next as T)}>
      <Stack gap={6} mt={6}>
        {choices.map((choice) => {
          const disabled = Boolean(choice.dark) && !darkAllowed;
          return (
            <Radio
              key={choice.value}
              value={choice.value}
              label={disabled ? `${choice.label} (Coming Soon)` : choice.label}
              disabled={disabled}
            />
          );
        })}
      </Stack>
    </Radio.Group>
  );
}

/**
 * Theme settings of Part 2 §9 (colour mode, direction, navigation layout), saved in localStorage.
 * Patients see the dark options disabled ('Coming Soon'), like the header toggle.
 */
export function ThemeSettingsPanel({ role }: { role: Role }) {
  const settings = useThemeSettings();
  const darkAllowed = canUseDarkMode(role);
  return (
    <Stack gap="md">
      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="lg">
        <ChoiceGroup
          label="Color mode"
          value={darkAllowed ? settings.mixLayout : 'light'}
          choices={mixChoices}
          darkAllowed={darkAllowed}
          onChange={(mixLayout) => themeStore.update({ mixLayout })}
        />
        <ChoiceGroup
          label="Direction"
          value={settings.layoutType}
          choices={typeChoices}
          onChange={(layoutType) => themeStore.update({ layoutType })}
        />
        <ChoiceGroup
          label="Navigation layout"
          value={settings.layout}
          choices={layoutChoices}
          onChange={(layout) => themeStore.update({ layout })}
        />
      </SimpleGrid>
      <Text fz="xs" c="dimmed">
        Saved on this device.
      </Text>
    </Stack>
  );
}
