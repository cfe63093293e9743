import { ActionIcon } from '@mantine/core';
import { IconMoon, IconSun } from '@tabler/icons-react';
import type { Role } from '@mindledger/domain';
import { Hint } from '../../ui/Hint';
import { canUseDarkMode, themeStore, useThemeSettings } from './theme-settings';

/** Header dark-mode toggle; for Patient it is disabled with a 'Coming Soon' tooltip (Part 1 §6). */
export function ColorSchemeToggle({ role }: { role: Role }) {
  const settings = useThemeSettings();
  const dark = settings.mixLayout === 'dark';

  if (!canUseDarkMode(role)) {
    return (
      <Hint label="Coming Soon">
        <ActionIcon
          variant="default"
          size="lg"
          aria-label="Toggle dark mode"
          aria-disabled="true"
          data-disabled
          onClick={(event) => event.preventDefault()}
        >
          <IconMoon size={18} stroke={1.6} />
        </ActionIcon>
      </Hint>
    );
  }

  return (
    <Hint label={dark ? 'Light mode' : 'Dark mode'}>
      <ActionIcon
        variant="default"
        size="lg"
        aria-label="Toggle dark mode"
        aria-pressed={dark}
        onClick={() => themeStore.update({ mixLayout: dark ? 'light' : 'dark' })}
      >
        {dark ? <IconSun size={18} stroke={1.6} /> : <IconMoon size={18} stroke={1.6} />}
      </ActionIcon>
    </Hint>
  );
}
