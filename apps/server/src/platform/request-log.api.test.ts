import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connect } from '../../test/connections.js';
import { startServer, type TestServer } from '../../test/harness.js';
import { good } from '../features/billing/billing-test-kit.js';

/**
 * The request log names the route, never the ids in its path: a checkout session id pays for a
 * subscription, and the ids of entries, goals and clients say whose data was read (docs/SECURITY.md,
 * Logs). Routes are logged by their pattern (`/api/v1/goals/:id`); a path that matched no route is
 * logged with every segment that could be an id masked.
 */
let server: TestServer;
beforeAll(async () => {
  server = await startServer({ captureLogs: true });
});
afterAll(() => server.close());

describe('the request log', () => {
  it('carries route patterns, never the ids of a path: checkout sessions, entries, goals, clients', async () => {
    const patient = await server.signIn();
    const provider = await server.signIn({ role: 'provider' });
    await connect(server, provider.user.id, patient.user.id);

    const start = await patient.client.post<{ sessionId: string }>('/api/v1/subscription/create-checkout', {
      planType: 'standard-monthly',
    });
    expect(start.status).toBe(200);
    const session = start.body.sessionId;
    expect(session).toMatch(/^cs_local_/);
    const checkout = `/api/v1/subscription/local-checkout/${encodeURIComponent(session)}`;
    expect((await patient.client.get(checkout)).status).toBe(200);
    expect((await patient.client.post(`${checkout}/pay`, good)).status).toBe(200);

    const entry = (
      await patient.client.post<{ data: { id: string } }>('/api/v1/create-mood', {
        mood: 'Fine',
        notes: 'A plain day.',
        journalType: 'prompt',
      })
    ).body.data.id;
    const goal = (await patient.client.post<{ data: { id: string } }>('/api/v1/goals/', { text: 'Walk' }))
      .body.data.id;
    const unknown = randomUUID();
    const calls: [number, Promise<{ status: number }>][] = [
      [200, patient.client.put(`/api/v1/update-mood/${entry}`, { notes: 'Still plain.' })],
      [200, patient.client.get(`/api/v1/goals/${goal}`)],
      [200, provider.client.get(`/api/v1/user-detail/${patient.user.id}`)],
      [404, provider.client.get(`/api/v1/provider/clinical-export/status/${unknown}`)],
      [404, patient.client.get(`/api/v1/subscription/local-checkout/cs_local_${unknown}x`)],
      // no route: the path is masked too
      [404, patient.client.get(`/api/v1/no-such-route/${unknown}/cs_live_a1b2c3`)],
    ];
    for (const [status, call] of calls) expect((await call).status).toBe(status);
    await new Promise((resolve) => setTimeout(resolve, 300));

    const lines = server.logs().split('\n').filter(Boolean);
    const requestLines = lines.filter((line) => line.includes('"req":'));
    expect(requestLines.length).toBeGreaterThan(10);
    for (const secret of [session, entry, goal, unknown, patient.user.id, 'a1b2c3']) {
      expect(lines.filter((line) => line.includes(secret))).toEqual([]);
    }
    const urls = requestLines.map((line) => (JSON.parse(line) as { req: { url: string } }).req.url);
    expect(urls).toContain('/api/v1/subscription/local-checkout/:id/pay');
    expect(urls).toContain('/api/v1/subscription/local-checkout/:id');
    expect(urls).toContain('/api/v1/goals/:id');
    expect(urls).toContain('/api/v1/subscription/create-checkout');
    expect(urls.some((url) => url.startsWith('/api/v1/no-such-route/'))).toBe(true);
  });
});
