// The one browser-test module: fixtures, accounts and data through the API, the accessibility
// check, the screenshot helper and the layout checks. Journeys import from here only.
export * from './accounts';
export { checkA11y } from './a11y';
export { test, expect } from './fixtures';
export { expectInView, expectNoSidewaysScroll, expectNothingBehindTheBars } from './layout';
export { shot } from './screenshot';
export { signIn, signInContext } from './session';
export { isPhone, settled } from './settle';
export * from './journal';
export { installScriptedSpeech, recognitionSettings, say } from './speech';
export { closeToast, openClientHome, toast, toggleDark } from './ui';
export type { APIRequestContext, Browser, BrowserContext, Download, Locator, Page } from '@playwright/test';
