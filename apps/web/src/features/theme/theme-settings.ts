import { useSyncExternalStore } from 'react';
import type { Role } from '@mindledger/domain';

/** Theme settings of Part 2 §9, stored in localStorage under these exact key names. */
export const themeKeys = { mixLayout: 'mix_layout', layoutType: 'layoutType', layout: 'layout' } as const;

export const mixLayouts = ['light', 'dark', 'dark-sidebar'] as const;
export const layoutTypes = ['ltr', 'rtl', 'box'] as const;
export const layouts = ['compact-wrapper', 'horizontal-sidebar'] as const;

export type MixLayout = (typeof mixLayouts)[number];
export type LayoutType = (typeof layoutTypes)[number];
export type Layout = (typeof layouts)[number];

export interface ThemeSettings {
  mixLayout: MixLayout;
  layoutType: LayoutType;
  layout: Layout;
}

export const defaultThemeSettings: ThemeSettings = {
  mixLayout: 'light',
  layoutType: 'ltr',
  layout: 'compact-wrapper',
};

function pick<T extends string>(value: string | null, allowed: readonly T[], fallback: T): T {
  return value !== null && (allowed as readonly string[]).includes(value) ? (value as T) : fallback;
}

function safeStorage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

export function readThemeSettings(storage: Storage | null = safeStorage()): ThemeSettings {
  if (!storage) return defaultThemeSettings;
  return {
    mixLayout: pick(storage.getItem(themeKeys.mixLayout), mixLayouts, defaultThemeSettings.mixLayout),
    layoutType: pick(storage.getItem(themeKeys.layoutType), layoutTypes, defaultThemeSettings.layoutType),
    // The vertical choice is saved as compact-wrapper, any other value as horizontal-sidebar.
    layout:
      storage.getItem(themeKeys.layout) === null
        ? defaultThemeSettings.layout
        : storage.getItem(themeKeys.layout) === 'compact-wrapper'
          ? 'compact-wrapper'
          : 'horizontal-sidebar',
  };
}

/** Dark colour modes are not offered to Patients yet ('Coming Soon', Part 1 §6). */
export function canUseDarkMode(role: Role | null | undefined): boolean {
  return role !== 'patient';
}

/** What is applied: a Patient always gets the light mode, whatever is stored. */
export function effectiveMixLayout(settings: ThemeSettings, role: Role | null | undefined): MixLayout {
  return canUseDarkMode(role) ? settings.mixLayout : 'light';
}

export function colorSchemeOf(mixLayout: MixLayout): 'light' | 'dark' {
  return mixLayout === 'dark' ? 'dark' : 'light';
}

/**
 * Light or dark sets the body class and a data-theme attribute; rtl or ltr sets the document
 * direction; box clears it and boxes the layout.
 */
export function applyThemeSettings(
  settings: ThemeSettings,
  role: Role | null | undefined,
  doc = document,
): void {
  const mix = effectiveMixLayout(settings, role);
  const body = doc.body;
  body.classList.remove(...mixLayouts, 'box-layout');
  body.classList.add(mix);
  body.setAttribute('data-theme', colorSchemeOf(mix));
  if (settings.layoutType === 'box') {
    doc.documentElement.removeAttribute('dir');
    body.classList.add('box-layout');
  } else {
    doc.documentElement.setAttribute('dir', settings.layoutType);
  }
}

let current: ThemeSettings | null = null;
const listeners = new Set<() => void>();

function snapshot(): ThemeSettings {
  current ??= readThemeSettings();
  return current;
}

export const themeStore = {
  get: snapshot,
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  update(patch: Partial<ThemeSettings>): void {
    const next = { ...snapshot(), ...patch };
    const storage = safeStorage();
    if (storage) {
      storage.setItem(themeKeys.mixLayout, next.mixLayout);
      storage.setItem(themeKeys.layoutType, next.layoutType);
      storage.setItem(themeKeys.layout, next.layout);
    }
    current = next;
    for (const listener of listeners) listener();
  },
  /** Re-read localStorage (another tab changed it, or tests). */
  reload(): void {
    current = null;
    for (const listener of listeners) listener();
  },
};

export function useThemeSettings(): ThemeSettings {
  return useSyncExternalStore(themeStore.subscribe, themeStore.get, themeStore.get);
}
