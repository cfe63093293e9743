import { randomUUID } from 'node:crypto';
import AxeBuilder from '@axe-core/playwright';
import { expect, type APIRequestContext, type Page } from '@playwright/test';

export const demoPassword = 'Demo@1234';

export function uniqueEmail(prefix: string): string {
  return `${prefix}-${randomUUID().slice(0, 8)}@example.test`;
}

/** The newest 6-digit code mailed to the address (local outbox, outside production). */
export async function codeFor(request: APIRequestContext, email: string, subject?: RegExp): Promise<string> {
  let code: string | undefined;
  await expect
    .poll(
      async () => {
        const response = await request.get(`/api/dev/outbox?to=${encodeURIComponent(email)}`);
        const mails = (await response.json()) as { subject: string; text: string }[];
        const mail = mails.find((m) => !subject || subject.test(m.subject));
        code = mail ? /Your code: (\d{6})/.exec(mail.text)?.[1] : undefined;
        return code;
      },
      { timeout: 15_000 },
    )
    .toBeTruthy();
  return code as string;
}

/** An activated account made through the API (for journeys that do not test registration). */
export async function activatedAccount(
  request: APIRequestContext,
  role: 'patient' | 'provider' = 'patient',
  profile: { timezone?: string } = {},
): Promise<{ email: string; password: string }> {
  const email = uniqueEmail(role);
  const password = 'Journey@2026';
  const registered = await request.post('/api/v1/registration', {
    data: {
      firstName: 'Jo',
      lastName: 'Journey',
      email,
      password,
      confirmPassword: password,
      role,
      termsAccepted: true,
      ...profile,
    },
  });
  expect(registered.status()).toBe(201);
  const { activationToken } = (await registered.json()) as { activationToken: string };
  const code = await codeFor(request, email, /Activate/);
  const activated = await request.post('/api/v1/activate-user', {
    data: { activation_token: activationToken, activation_code: code },
  });
  expect(activated.status()).toBe(200);
  return { email, password };
}

/** Waits (at most 2 s) for the page's CSS transitions and animations to finish. */
async function settled(page: Page): Promise<void> {
  await page
    .waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running'), null, {
      timeout: 2000,
    })
    .catch(() => undefined);
}

async function seriousViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

/**
 * No serious or critical accessibility violations on the page once it is at rest. A toast fading
 * in, a button still in its pressed state or a dropdown closing (an empty listbox for a frame) can
 * fail a rule for a moment: after the animations settle, findings are measured once more and only
 * those still there count (a real violation is there both times).
 */
export async function expectAccessible(page: Page): Promise<void> {
  await settled(page);
  let serious = await seriousViolations(page);
  if (serious.length > 0) {
    await page.mouse.move(0, 0);
    await page.waitForTimeout(700);
    await settled(page);
    serious = await seriousViolations(page);
  }
  expect(serious).toEqual([]);
}

/** Signs in through the API and answers the access token and the user's id. */
export async function apiSignIn(
  request: APIRequestContext,
  email: string,
  password: string,
): Promise<{ token: string; userId: string }> {
  const response = await request.post('/api/v1/login', { data: { email, password } });
  expect(response.status()).toBe(200);
  const body = (await response.json()) as { accessToken: string; user: { id: string } };
  return { token: body.accessToken, userId: body.user.id };
}

/**
 * A new activated client connected (accepted + active) to the demo provider: the client invites the
 * provider and the provider accepts, both through the API.
 */
export async function clientConnectedToDemoProvider(
  request: APIRequestContext,
): Promise<{ email: string; password: string; id: string }> {
  const client = await activatedAccount(request, 'patient');
  const { token, userId } = await apiSignIn(request, client.email, client.password);
  const invited = await request.post('/api/v1/add-doctor', {
    data: { email: 'provider@demo.local' },
    headers: { Authorization: `Bearer ${token}` },
  });
  expect(invited.status()).toBe(201);
  const { invitation } = (await invited.json()) as { invitation: { _id: string } };
  const provider = await apiSignIn(request, 'provider@demo.local', demoPassword);
  const accepted = await request.put('/api/v1/update-patient-status', {
    data: { id: invitation._id, newStatus: 'accepted' },
    headers: { Authorization: `Bearer ${provider.token}` },
  });
  expect(accepted.status()).toBe(200);
  return { ...client, id: userId };
}

/** Puts the client on Standard Monthly through the local hosted checkout (a trial holds the plan). */
export async function subscribeStandard(request: APIRequestContext, email: string, password: string) {
  const { token, userId } = await apiSignIn(request, email, password);
  const headers = { Authorization: `Bearer ${token}` };
  const checkout = await request.post('/api/v1/subscription/create-checkout', {
    data: { planType: 'standard-monthly', userId },
    headers,
  });
  expect(checkout.status()).toBe(200);
  const { url } = (await checkout.json()) as { url: string };
  const id = decodeURIComponent(url.split('/').pop() ?? '');
  const paid = await request.post(`/api/v1/subscription/local-checkout/${encodeURIComponent(id)}/pay`, {
    data: { cardNumber: '4242 4242 4242 4242', expiry: '12/35', cvc: '123', name: 'Journey Client' },
    headers,
  });
  expect(paid.status()).toBe(200);
}
