import { afterEach, describe, expect, it } from 'vitest';
import { applyThemeSettings, readThemeSettings, themeStore } from './theme-settings';

describe('theme settings', () => {
  afterEach(() => themeStore.reload());

  it('reads the spec key names from localStorage and falls back to defaults', () => {
    expect(readThemeSettings()).toEqual({ mixLayout: 'light', layoutType: 'ltr', layout: 'compact-wrapper' });
    localStorage.setItem('mix_layout', 'dark-sidebar');
    localStorage.setItem('layoutType', 'rtl');
    localStorage.setItem('layout', 'something-else');
    expect(readThemeSettings()).toEqual({
      mixLayout: 'dark-sidebar',
      layoutType: 'rtl',
      layout: 'horizontal-sidebar',
    });
    localStorage.setItem('mix_layout', 'neon');
    expect(readThemeSettings().mixLayout).toBe('light');
  });

  it('saves every change under mix_layout, layoutType and layout', () => {
    themeStore.update({ mixLayout: 'dark', layout: 'horizontal-sidebar' });
    expect(localStorage.getItem('mix_layout')).toBe('dark');
    expect(localStorage.getItem('layoutType')).toBe('ltr');
    expect(localStorage.getItem('layout')).toBe('horizontal-sidebar');
  });

  it('sets the body class, data-theme and the document direction; box clears the direction', () => {
    applyThemeSettings({ mixLayout: 'dark', layoutType: 'rtl', layout: 'compact-wrapper' }, 'provider');
    expect(document.body.classList.contains('dark')).toBe(true);
    expect(document.body.getAttribute('data-theme')).toBe('dark');
    expect(document.documentElement.getAttribute('dir')).toBe('rtl');

    applyThemeSettings({ mixLayout: 'light', layoutType: 'box', layout: 'compact-wrapper' }, 'provider');
    expect(document.body.classList.contains('dark')).toBe(false);
    expect(document.body.classList.contains('light')).toBe(true);
    expect(document.body.classList.contains('box-layout')).toBe(true);
    expect(document.documentElement.hasAttribute('dir')).toBe(false);
  });

  it('keeps Patients in light mode whatever is stored', () => {
    applyThemeSettings({ mixLayout: 'dark', layoutType: 'ltr', layout: 'compact-wrapper' }, 'patient');
    expect(document.body.getAttribute('data-theme')).toBe('light');
    expect(document.documentElement.getAttribute('dir')).toBe('ltr');
  });
});
