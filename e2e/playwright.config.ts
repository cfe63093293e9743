import { defineConfig, devices } from '@playwright/test';

const chromiumArgs = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** Ports of the two servers (E2E_PORT moves them, so two checkouts can run journeys at once). */
const port = Number(process.env.E2E_PORT ?? 4310);
const timersPort = port + 1;

/**
 * The tier (README "Tests"): `smoke` (in `npm test`) runs the journeys tagged @smoke, `full` (in
 * `npm run test:full`) every other one; unset, all of them.
 */
const tier = process.env.E2E_TIER;
const smoke = /@smoke/;

/** One server with the real timers, one with session timers shortened for the idle journeys. */
function server(listenPort: number, extraEnv = '') {
  const dir = `../.tmp/e2e-${listenPort}`;
  return {
    command: `rm -rf ${dir} && DATA_DIR=${dir} PORT=${listenPort} HOST=127.0.0.1 LOG_LEVEL=warn RATE_LIMIT_AUTH_PER_10_MINUTES=2000 ${extraEnv} node ../apps/server/dist/main.js`,
    url: `http://127.0.0.1:${listenPort}/api/health`,
    reuseExistingServer: false,
    timeout: 60_000,
    stdout: 'ignore' as const,
    stderr: 'pipe' as const,
  };
}

const desktop = { ...devices['Desktop Chrome'], channel: undefined, baseURL: `http://127.0.0.1:${port}` };
const phone = {
  baseURL: `http://127.0.0.1:${port}`,
  viewport: { width: 375, height: 812 },
  isMobile: true,
  hasTouch: true,
  userAgent: devices['Pixel 5'].userAgent,
};

/**
 * The tier's filter. The desktop project leaves out what is only for a phone (@phone-only); the
 * phone project runs only what is tagged @phone (or @phone-only).
 */
function filter(project: 'desktop' | 'phone') {
  const phoneOnly = /@phone-only/;
  if (project === 'phone') {
    if (tier === 'smoke') return { grep: /^(?=.*@phone)(?=.*@smoke)/ };
    if (tier === 'full') return { grep: /@phone/, grepInvert: smoke };
    return { grep: /@phone/ };
  }
  if (tier === 'smoke') return { grep: smoke, grepInvert: phoneOnly };
  if (tier === 'full') return { grepInvert: /@smoke|@phone-only/ };
  return { grepInvert: phoneOnly };
}

export default defineConfig({
  testDir: './tests',
  // per port, so that two runs at once (two checkouts, E2E_PORT) never clear each other's traces
  outputDir: `test-results/${port}`,
  globalSetup: './support/global-setup.ts',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: true,
  workers: 2,
  retries: process.env.CI ? 1 : 0,
  reporter: [['list']],
  use: {
    launchOptions: { executablePath: '/usr/bin/chromium', args: chromiumArgs },
    // The app's service worker keeps every build file at install: only the offline journeys need it
    // (tests/offline.spec.ts allows it); elsewhere it would only add work to every new context.
    serviceWorkers: 'block',
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
  },
  webServer: [
    server(port),
    // the short session timers' server only for the tier that has their journeys
    ...(tier === 'smoke'
      ? []
      : [
          server(
            timersPort,
            'SESSION_IDLE_MS=4000 SESSION_WARNING_MS=6000 SESSION_GUARD_MS=600000 SESSION_GUARD_WARNING_MS=60000 SESSION_AWAY_LIMIT_MS=600000',
          ),
        ]),
  ],
  projects: [
    {
      // Every journey at 1280 px (what is only for a phone aside).
      name: 'desktop',
      testIgnore: /session-timers/,
      use: desktop,
      ...filter('desktop'),
    },
    {
      // At 375 px: the layout sweep of every screen, the phone-only journeys, and the journeys whose
      // behaviour differs on a phone (tagged @phone; decision 102 lists them).
      name: 'phone',
      testIgnore: /session-timers/,
      use: phone,
      ...filter('phone'),
    },
    {
      name: 'timers',
      testMatch: /session-timers/,
      use: { ...desktop, baseURL: `http://127.0.0.1:${timersPort}` },
      ...filter('desktop'),
    },
  ],
});
