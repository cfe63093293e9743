import { solveChallenge, type Challenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';
import type { Client, TestServer } from '../../../test/harness.js';
import { password } from '../../../test/harness.js';
import { promoCodes } from '../../db/schema/index.js';

export const good = { cardNumber: '4242 4242 4242 4242', expiry: '12/40', cvc: '123', name: 'Test Client' };

/** A solved captcha token, as the widget would submit it. */
export async function captchaToken(client: Client): Promise<string> {
  const challenge = (await client.get<Challenge>('/api/v1/subscription/captcha')).body;
  const solution = await solveChallenge({ challenge, deriveKey });
  return Buffer.from(JSON.stringify({ challenge, solution })).toString('base64');
}

/** Signs the user in again (after the clock moved past the token's life). */
export async function relogin(server: TestServer, client: Client, email: string): Promise<void> {
  const reply = await client.post<{ accessToken: string }>('/api/v1/login', { email, password });
  if (reply.status !== 200) throw new Error(`login failed ${reply.status}`);
  client.token = reply.body.accessToken;
}

/** Starts and pays a checkout; answers the session id. */
export async function subscribe(
  client: Client,
  planType: string,
  extra: Record<string, unknown> = {},
): Promise<string> {
  const start = await client.post<{ url: string; sessionId: string }>(
    '/api/v1/subscription/create-checkout',
    { planType, ...extra },
  );
  if (start.status !== 200 || !start.body.url)
    throw new Error(`checkout ${start.status} ${JSON.stringify(start.body)}`);
  const id = start.body.sessionId;
  const paid = await client.post(`/api/v1/subscription/local-checkout/${encodeURIComponent(id)}/pay`, good);
  if (paid.status !== 200) throw new Error(`pay ${paid.status} ${JSON.stringify(paid.body)}`);
  return id;
}

export async function insertPromo(
  server: TestServer,
  values: Partial<typeof promoCodes.$inferInsert> & { code: string },
) {
  const [row] = await server.database.db
    .insert(promoCodes)
    .values({
      discountType: 'percentage',
      discountValue: 20,
      description: 'Test promo',
      duration: 'forever',
      expiresAt: '2099-12-31',
      ...values,
    })
    .returning();
  return row!;
}
