import {
  Anchor,
  createTheme,
  defaultVariantColorsResolver,
  type CSSVariablesResolver,
  type VariantColorsResolver,
} from '@mantine/core';

// Emoji come before system-ui (whose Linux face draws some emoji in black and white): the system's
// colour emoji font where there is one, else the bundled one (vite.config.ts, bundledEmojiFont).
const fontStack =
  'Inter, "Apple Color Emoji", "Segoe UI Emoji", "MindLedger Emoji", system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, "Noto Sans", sans-serif';

/**
 * Light variants (tinted background, coloured text) use a darkened shade 9 text in light mode and
 * shade 3 in dark mode: Mantine's default text falls below 4.5:1 contrast for green, yellow, orange.
 */
const variantColorResolver: VariantColorsResolver = (input) => {
  const colors = defaultVariantColorsResolver(input);
  if (input.variant !== 'light') return colors;
  const name = typeof input.color === 'string' ? input.color.split('.')[0] : undefined;
  if (!name || !(name in input.theme.colors)) return colors;
  const text = `light-dark(color-mix(in srgb, var(--mantine-color-${name}-9), black 35%), var(--mantine-color-${name}-3))`;
  return {
    ...colors,
    color: text,
    hoverColor: text,
  };
};

export const theme = createTheme({
  variantColorResolver,
  fontFamily: fontStack,
  headings: { fontFamily: fontStack, fontWeight: '650' },
  primaryColor: 'blue',
  // White on blue.8 reaches WCAG AA contrast (4.5:1) in both schemes; blue.5-7 do not.
  primaryShade: { light: 8, dark: 8 },
  defaultRadius: 'md',
  cursorType: 'pointer',
  focusRing: 'auto',
  respectReducedMotion: true,
  components: {
    // Links inside text must not rely on colour alone.
    Anchor: Anchor.extend({ defaultProps: { underline: 'always' } }),
    // Every dialog's close button is named (axe: buttons must have discernible text). Plain
    // objects, not Modal.extend: importing Modal here would put it in the first load.
    Modal: { defaultProps: { closeButtonProps: { 'aria-label': 'Close' } } },
    Drawer: { defaultProps: { closeButtonProps: { 'aria-label': 'Close' } } },
    // A menu holds menu items only: Mantine's focus placeholder (a presentational element with a
    // tabindex) fails axe's aria-required-children; without it the first item takes the focus.
    Menu: { defaultProps: { withInitialFocusPlaceholder: false } },
  },
});

/** Dimmed text dark enough for 4.5:1 on white and light enough on the dark surfaces. */
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: { '--mantine-color-dimmed': '#5c636a' },
  dark: { '--mantine-color-dimmed': '#a6a7ab' },
});
