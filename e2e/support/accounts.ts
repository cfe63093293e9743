import { randomUUID } from 'node:crypto';
import { expect, type APIRequestContext } from '@playwright/test';

/** The seeded demo accounts (README "Demo accounts") and their one password. */
export const demoPassword = 'Demo@1234';
export const demo = {
  patient: { email: 'patient@demo.local', password: demoPassword, firstName: 'Maya' },
  provider: { email: 'provider@demo.local', password: demoPassword, firstName: 'Daniel' },
  admin: { email: 'admin@demo.local', password: demoPassword, firstName: 'Admin' },
} as const;
export type DemoRole = keyof typeof demo;

/** Someone who can sign in: a demo account, or one a journey made. */
export interface Credentials {
  email: string;
  password: string;
}

/** An account a journey made through the API: signed in there once (its token and id). */
export interface Account extends Credentials {
  id: string;
  token: string;
}

/** What journeys' new accounts are called and sign in with. */
export const journeyName = { firstName: 'Jo', lastName: 'Journey' } as const;
export const journeyPassword = 'Journey@2026';

export const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });

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

/** Signs in through the API and answers the access token and the user's id. */
export async function apiSignIn(
  request: APIRequestContext,
  email: string,
  password: string,
): Promise<{ token: string; userId: string }> {
  const response = await request.post('/api/v1/login', { data: { email, password } });
  expect(response.status(), `API sign-in of ${email}`).toBe(200);
  const body = (await response.json()) as { accessToken: string; user: { id: string } };
  return { token: body.accessToken, userId: body.user.id };
}

export interface NewAccountOptions {
  role?: 'patient' | 'provider';
  /** The profile's zone (the product's default, America/Denver, otherwise). */
  timezone?: string;
}

/** An activated account made through the API (registration and the mailed code). */
export async function activatedAccount(
  request: APIRequestContext,
  { role = 'patient', timezone }: NewAccountOptions = {},
): Promise<Credentials> {
  const email = uniqueEmail(role);
  const password = journeyPassword;
  const registered = await request.post('/api/v1/registration', {
    data: {
      ...journeyName,
      email,
      password,
      confirmPassword: password,
      role,
      termsAccepted: true,
      ...(timezone ? { timezone } : {}),
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

/** A new activated client, signed in through the API once (its token for set-up calls). */
export async function newClient(
  request: APIRequestContext,
  options: NewAccountOptions = {},
): Promise<Account> {
  const credentials = await activatedAccount(request, { ...options, role: 'patient' });
  const { token, userId } = await apiSignIn(request, credentials.email, credentials.password);
  return { ...credentials, id: userId, token };
}

/**
 * Connects the client to the demo provider (accepted and active): the client invites the provider
 * and the provider accepts, both through the API.
 */
export async function connectToDemoProvider(request: APIRequestContext, client: Account): Promise<void> {
  const invited = await request.post('/api/v1/add-doctor', {
    data: { email: demo.provider.email },
    headers: bearer(client.token),
  });
  expect(invited.status()).toBe(201);
  const { invitation } = (await invited.json()) as { invitation: { _id: string } };
  const provider = await apiSignIn(request, demo.provider.email, demo.provider.password);
  const accepted = await request.put('/api/v1/update-patient-status', {
    data: { id: invitation._id, newStatus: 'accepted' },
    headers: bearer(provider.token),
  });
  expect(accepted.status()).toBe(200);
}

/** Puts the client on Standard Monthly through the local hosted checkout (a trial holds the plan). */
export async function subscribeStandard(request: APIRequestContext, client: Account): Promise<void> {
  const headers = bearer(client.token);
  const checkout = await request.post('/api/v1/subscription/create-checkout', {
    data: { planType: 'standard-monthly', userId: client.id },
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

/**
 * Turns off the notice of a sign-in from a new browser (the API signs in first, so the journey's
 * browser is a new one) and, unless `updates`, the admin's important updates (another journey may
 * publish one to every client meanwhile): the client's notifications are then only the journey's.
 */
export async function quietNotifications(
  request: APIRequestContext,
  client: Account,
  { updates = false } = {},
): Promise<void> {
  const security = await request.put('/api/v1/security-notification-settings', {
    data: { settings: { newDeviceLogin: false } },
    headers: bearer(client.token),
  });
  expect(security.status()).toBe(200);
  const settings = await request.put('/api/v1/notification-settings', {
    data: { impUpdates: updates },
    headers: bearer(client.token),
  });
  expect(settings.status()).toBe(200);
}

export interface EntryValues {
  mood?: string;
  emoji?: string;
  notes?: string;
  journalType?: string;
  isPrivate?: boolean;
  customDate?: string;
  userTimezone?: string;
}

/** A journal entry written through the API; answers its id. */
export async function createEntry(request: APIRequestContext, client: Account, values: EntryValues = {}) {
  const created = await request.post('/api/v1/create-mood', {
    data: { mood: 'Fine', emoji: '🙂', journalType: 'prompt', ...values },
    headers: bearer(client.token),
  });
  expect(created.status()).toBe(201);
  return ((await created.json()) as { data: { id: string } }).data.id;
}

/** A personal goal made through the API; answers its id. */
export async function createGoal(
  request: APIRequestContext,
  client: Account,
  text: string,
  extra: { emoji?: string } = {},
): Promise<string> {
  const response = await request.post('/api/v1/goals/', {
    data: { text, ...extra },
    headers: bearer(client.token),
  });
  expect(response.status()).toBe(201);
  return ((await response.json()) as { data: { id: string } }).data.id;
}
