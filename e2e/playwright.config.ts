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

/** One server with the real timers, one with session timers shortened for the idle journey. */
function server(listenPort: number, extraEnv = '') {
  const dir = `../.tmp/e2e-${listenPort}`;
  return {
    command: `rm -rf ${dir} && DATA_DIR=${dir} PORT=${listenPort} HOST=127.0.0.1 LOG_LEVEL=warn RATE_LIMIT_AUTH_PER_10_MINUTES=500 ${extraEnv} node ../apps/server/dist/main.js`,
    url: `http://127.0.0.1:${listenPort}/api/health`,
    reuseExistingServer: false,
    timeout: 60_000,
    stdout: 'ignore' as const,
    stderr: 'pipe' as const,
  };
}

export default defineConfig({
  testDir: './tests',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: true,
  workers: 2,
  retries: process.env.CI ? 1 : 0,
  reporter: process.env.CI ? [['list']] : [['list']],
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
    server(
      timersPort,
      'SESSION_IDLE_MS=4000 SESSION_WARNING_MS=6000 SESSION_GUARD_MS=600000 SESSION_GUARD_WARNING_MS=60000 SESSION_AWAY_LIMIT_MS=600000',
    ),
  ],
  projects: [
    {
      name: 'journeys',
      testIgnore: /session-timers|mobile/,
      use: { ...devices['Desktop Chrome'], baseURL: `http://127.0.0.1:${port}`, channel: undefined },
    },
    {
      // The phone-only journeys, and every journaling journey (and the time-zone notice, the
      // subscription, the notifications, the Initial Journey, the weekly insights, the clinical
      // workspace and the legal journeys) again at 375 px.
      name: 'mobile',
      testMatch:
        /mobile|journal(-voice)?\.spec|time-zone|(^|\/)subscription\.spec|promo-journey|signup-plan|(^|\/)notifications\.spec|initial-journey|weekly-insights|clinical-workspace|clinical-export|(^|\/)measures\.spec|(^|\/)backup\.spec|(^|\/)offline\.spec|(^|\/)legal\.spec/,
      use: {
        baseURL: `http://127.0.0.1:${port}`,
        viewport: { width: 375, height: 812 },
        isMobile: true,
        hasTouch: true,
        userAgent: devices['Pixel 5'].userAgent,
      },
    },
    {
      name: 'timers',
      testMatch: /session-timers/,
      use: { ...devices['Desktop Chrome'], baseURL: `http://127.0.0.1:${timersPort}`, channel: undefined },
    },
  ],
});
