import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  activatedAccount,
  checkA11y,
  codeFor,
  expect,
  journeyPassword,
  shot,
  signInContext,
  test,
  uniqueEmail,
  type Page,
} from '../support';

/** Through the login form: after a registration, the first sign-in is part of the journey. */
async function signIn(page: Page, email: string, password: string) {
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Log in' }).click();
}

test(
  'the legal documents are public pages, linked from the sign-in footer',
  { tag: '@smoke' },
  async ({ page }) => {
    await page.goto('/auth/login/client');
    await page
      .getByRole('navigation', { name: 'Legal' })
      .getByRole('link', { name: 'Privacy Policy' })
      .click();
    await expect(page).toHaveURL(/\/legal\/privacy$/);
    await expect(
      page.getByRole('heading', { name: 'Privacy Policy and Data Protection Framework', level: 1 }),
    ).toBeVisible();
    await expect(page.getByText('Version 1.1 · Effective November 28, 2026')).toBeVisible();
    const contents = page
      .getByRole('heading', { name: 'Table of contents' })
      .locator('xpath=following-sibling::ol[1]');
    await expect(contents.getByRole('listitem')).toHaveCount(17);
    await contents.getByRole('link', { name: 'AI processing' }).click();
    await expect(page.getByRole('heading', { name: '5. AI processing' })).toBeFocused();
    await expect(page.getByText("AI features run on MindLedger's built-in engine.")).toBeVisible();
    // the layout sweep's name: the same document, whatever part of it is in view
    await checkA11y(page, 'privacy policy');
    await shot(page, 'legal-privacy-policy');

    await page
      .getByRole('navigation', { name: 'Legal documents' })
      .getByRole('link', { name: 'HIPAA Notice of Privacy Practices' })
      .click();
    await expect(
      page.getByRole('heading', { name: 'Notice of HIPAA Privacy Practices', level: 1 }),
    ).toBeVisible();
    await expect(page.getByText('Effective February 1, 2024').first()).toBeVisible();
    await expect(page.getByText('Complaints to us must be made in writing')).toBeVisible();

    // Dark, as a visitor who chose it on this device sees it.
    await page.evaluate(() => localStorage.setItem('mix_layout', 'dark'));
    await page.goto('/legal/terms');
    await expect(page.getByRole('heading', { name: 'Terms of Service', level: 1 })).toBeVisible();
    await expect(page.getByText('All fees are billed in US dollars.')).toBeVisible();
    await checkA11y(page, 'terms of service');
    await shot(page, 'legal-terms', { schemes: 'current' });
  },
);

test('a new client accepts the Terms at registration', async ({ page, request }) => {
  test.setTimeout(120_000);
  const email = uniqueEmail('legal-reg');
  const password = journeyPassword;
  await page.goto('/auth/register');
  await page.getByLabel('First name').fill('Lena');
  await page.getByLabel('Last name').fill('Terms');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByLabel('Confirm password').fill(password);

  // The Privacy Policy opens in the Terms modal with 'Close'; the Terms of Use with 'Accept'.
  await page.getByRole('button', { name: 'Privacy Policy' }).click();
  const privacy = page.getByRole('dialog', { name: 'Privacy Policy' });
  await expect(
    privacy.getByRole('region', { name: 'Privacy Policy and Data Protection Framework' }),
  ).toBeVisible();
  await expect(privacy.getByRole('button', { name: 'Accept' })).toHaveCount(0);
  await privacy.getByRole('button', { name: 'Close' }).last().click();
  await expect(privacy).toBeHidden();

  await page.getByRole('button', { name: 'Terms of Use' }).click();
  const terms = page.getByRole('dialog', { name: 'Terms of Use' });
  const panel = terms.getByRole('region', { name: 'Terms of Service' });
  await expect(panel.getByText('clinical decision support only').first()).toBeVisible();
  // The panel is at most 60 % of the viewport high, and scrolls.
  const { height, scrollHeight, viewport } = await panel.evaluate((el) => ({
    height: el.getBoundingClientRect().height,
    scrollHeight: el.scrollHeight,
    viewport: window.innerHeight,
  }));
  expect(height).toBeLessThanOrEqual(viewport * 0.6 + 1);
  expect(scrollHeight).toBeGreaterThan(height);
  await checkA11y(page, 'registration: terms dialog');
  await shot(page, 'legal-terms-dialog', { fullPage: false });
  await terms.getByRole('button', { name: 'Close' }).click();
  await expect(terms).toBeHidden();

  // Not without the box ticked; the Terms modal's 'Accept' ticks it.
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(
    page.getByText('Please accept the Terms of Use and Privacy Policy to continue.'),
  ).toBeVisible();
  await page.getByRole('button', { name: 'Terms of Use' }).click();
  await terms.getByRole('button', { name: 'Accept' }).click();
  await expect(terms).toBeHidden();
  await expect(page.getByRole('checkbox', { name: /I have read and accept/ })).toBeChecked();

  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByRole('heading', { name: 'Activate your account' })).toBeVisible();
  await page.getByLabel('Activation code').fill(await codeFor(request, email, /Activate/));
  await page.getByRole('button', { name: 'Activate account' }).click();
  await page.getByRole('article', { name: 'Free' }).getByRole('button', { name: 'Select Plan' }).click();
  await expect(page.getByRole('heading', { name: 'Client Login' })).toBeVisible();
  await signIn(page, email, password);
  await expect(page.getByRole('heading', { name: 'Welcome, Lena' })).toBeVisible();
  // Accepted at registration: nothing more to accept.
  await expect(page.getByRole('dialog', { name: 'Terms of Use' })).toHaveCount(0);

  await page.goto('/profile/privacy');
  const accepted = page.getByRole('region', { name: 'Documents you accepted' });
  await expect(accepted.getByRole('link', { name: 'Terms of Service' })).toBeVisible();
  await expect(
    accepted.getByRole('link', { name: 'Privacy Policy and Data Protection Framework' }),
  ).toBeVisible();
  await expect(accepted.getByText('Current version')).toHaveCount(2);
});

/** A free port on this machine. */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

/**
 * The built server on its own data directory and port, as a deploy runs it; `env` adds settings
 * (LEGAL_TEST_VERSIONS: the version a new deploy would bring).
 */
async function startServer(dataDir: string, port: number, env: Record<string, string> = {}) {
  const child = spawn('node', ['../apps/server/dist/main.js'], {
    env: {
      ...process.env,
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      SEED_DEMO: 'false',
      ...env,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const base = `http://127.0.0.1:${port}`;
  await expect
    .poll(
      async () =>
        fetch(`${base}/api/health`).then(
          (r) => r.status,
          () => 0,
        ),
      { timeout: 90_000 },
    )
    .toBe(200);
  return { base, child };
}

function stop(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null) return resolve();
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });
}

test('a new Terms version prompts on next sign-in', async ({ page, playwright }) => {
  test.setTimeout(240_000);
  const dataDir = mkdtempSync(join(tmpdir(), 'mindledger-legal-e2e-'));
  const port = await freePort();
  let server = await startServer(dataDir, port);
  try {
    const api = await playwright.request.newContext({ baseURL: server.base });
    const account = await activatedAccount(api);
    await api.dispose();
    await stop(server.child);

    // The same database, the server started again with a newer Terms of Service.
    server = await startServer(dataDir, port, { LEGAL_TEST_VERSIONS: 'terms=1.1' });
    await signInContext(page.context(), account, server.base);
    await page.goto(`${server.base}/user/home`);
    const modal = page.getByRole('dialog', { name: 'Terms of Use' });
    // The first page of a server just started (a cold database) may take a while on a busy machine.
    await expect(modal.getByText('We have updated our Terms of Service.')).toBeVisible({ timeout: 30_000 });
    await expect(modal.getByRole('region', { name: 'Terms of Service' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Welcome, Jo' })).toHaveCount(0);
    await checkA11y(page, 'client home: updated terms dialog');
    await shot(page, 'legal-terms-update', { fullPage: false });

    // Not ready to accept: the way to one's data stays open, the rest waits.
    await modal.getByRole('link', { name: 'download your data or delete your account' }).click();
    await expect(page.getByRole('heading', { name: 'Privacy and consents', level: 1 })).toBeVisible();
    await expect(page.getByText('Please accept the updated Terms of Use')).toBeVisible();
    await checkA11y(page, 'privacy and consents: updated terms to accept');
    await page.getByRole('button', { name: 'Review and accept' }).click();
    await modal.getByRole('button', { name: 'Accept' }).click();
    await expect(modal).toBeHidden();
    await expect(page.getByText('Thank you. Your acceptance is recorded.')).toBeVisible();
    await expect(page.getByText('Please accept the updated Terms of Use')).toHaveCount(0);
    const accepted = page.getByRole('region', { name: 'Documents you accepted' });
    // The Terms' new version (the Privacy Policy's current version is 1.1 as well, decision 106).
    const terms = accepted.getByRole('listitem').filter({ hasText: 'Terms of Service' });
    await expect(terms.filter({ hasText: 'Version 1.1' })).toBeVisible();
    await expect(accepted.getByText('Earlier version')).toBeVisible();

    // Asked once: the next visit goes straight in.
    await page.goto(`${server.base}/user/home`);
    await expect(page.getByRole('heading', { name: 'Welcome, Jo' })).toBeVisible();
    await expect(page.getByRole('dialog', { name: 'Terms of Use' })).toHaveCount(0);
  } finally {
    await stop(server.child);
    rmSync(dataDir, { recursive: true, force: true });
  }
});

test('the marketing authorization granted and revoked', async ({ patientPage: page }) => {
  test.setTimeout(120_000);
  await page.goto('/user/home');
  await expect(page.getByRole('heading', { name: 'Welcome, Jo' })).toBeVisible();
  await page.getByRole('button', { name: 'Profile menu: Jo Journey' }).click();
  await page.getByRole('menuitem', { name: 'Privacy and consents' }).click();
  await expect(page.getByRole('heading', { name: 'Privacy and consents', level: 1 })).toBeVisible();
  const marketing = page.getByRole('region', { name: 'Marketing authorization' });
  await expect(marketing.getByText('Not granted', { exact: true })).toBeVisible();
  await expect(marketing.getByRole('region', { name: 'HIPAA Marketing Authorization' })).toBeVisible();
  await checkA11y(page, 'privacy and consents: new client');
  await shot(page, 'legal-privacy-consents');

  // Research use: opted out, at once.
  const research = page.getByRole('switch', { name: 'Allow research use of my de-identified data' });
  await expect(research).toBeChecked();
  await research.click({ force: true });
  await expect(
    page.getByText('You opted out: your de-identified data is no longer used for research.'),
  ).toBeVisible();
  await expect(research).not.toBeChecked();

  await marketing.getByRole('button', { name: 'Grant authorization' }).click();
  await expect(marketing.getByText('Please confirm that you have read the authorization.')).toBeVisible();
  await expect(marketing.getByText('Signature is required')).toBeVisible();
  await marketing.getByRole('checkbox', { name: 'I have read this authorization and I grant it' }).check();
  await marketing.getByLabel('Your full name (your signature)').fill('Jo Journey');
  await marketing.getByRole('button', { name: 'Grant authorization' }).click();
  await expect(page.getByText('Marketing authorization granted.')).toBeVisible();
  await expect(marketing.getByText('Active', { exact: true })).toBeVisible();
  const expiry = String(new Date().getFullYear() + 3);
  await expect(marketing.getByTestId('marketing-status')).toContainText(`Valid until`);
  await expect(marketing.getByTestId('marketing-status')).toContainText(expiry);
  await checkA11y(page, 'privacy and consents: marketing granted');
  await shot(page, 'legal-marketing-granted');

  await marketing.getByRole('button', { name: 'Revoke authorization' }).click();
  const confirm = page.getByRole('dialog', { name: 'Revoke the marketing authorization?' });
  await confirm.getByRole('button', { name: 'Revoke authorization' }).click();
  await expect(page.getByText('Marketing authorization revoked.')).toBeVisible();
  await expect(marketing.getByText('Revoked', { exact: true })).toBeVisible();
  const history = page.getByRole('region', { name: 'History of your choices' });
  await expect(history.getByText('Revoked the marketing authorization')).toBeVisible();
  await expect(
    history.getByText(/Granted the marketing authorization \(version 1.0\), valid until/),
  ).toBeVisible();
  await expect(history.getByText('Opted out of research use of de-identified data')).toBeVisible();
});

test('a provider reads Privacy and consents in dark mode: documents and their data, no client consents', async ({
  providerPage: page,
}) => {
  await page.addInitScript(() => localStorage.setItem('mix_layout', 'dark'));
  await page.goto('/provider/dashboard');
  await expect(page).toHaveURL(/\/provider\/dashboard/);
  await page.getByRole('button', { name: 'Profile menu: Daniel Reyes' }).click();
  await page.getByRole('menuitem', { name: 'Privacy and consents' }).click();
  await expect(page.getByRole('heading', { name: 'Privacy and consents', level: 1 })).toBeVisible();
  const accepted = page.getByRole('region', { name: 'Documents you accepted' });
  await expect(accepted.getByText('Current version')).toHaveCount(2);
  await expect(page.getByRole('region', { name: 'Marketing authorization' })).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Access history' })).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Delete account' })).toBeVisible();
  // the layout sweep's name: the demo provider's page, scanned in dark there too
  await checkA11y(page, 'privacy and consents (provider)');
  await shot(page, 'legal-privacy-provider', { schemes: 'current' });
});
