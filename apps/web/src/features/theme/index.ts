/** The theme settings panel shown on the profile settings page. */
export { ThemeSettingsPanel } from './ThemeSettingsPanel';
