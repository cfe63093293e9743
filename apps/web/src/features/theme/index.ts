/**
 * What the app shell and other features use of the theme: applying the stored settings, the
 * header's colour-scheme toggle, and the settings panel shown on the profile settings page.
 */
export { ColorSchemeToggle } from './ColorSchemeToggle';
export { applyThemeSettings, colorSchemeOf, effectiveMixLayout, useThemeSettings } from './theme-settings';
export { ThemeSettingsPanel } from './ThemeSettingsPanel';
