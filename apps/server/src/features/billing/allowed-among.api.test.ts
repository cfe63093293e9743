import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { subscriptions } from '../../db/schema/index.js';
import { connect } from '../../../test/connections.js';
import { startServer, type TestServer } from '../../../test/harness.js';

let server: TestServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(() => server.close());

describe('the plan check of a whole batch (allowedAmong)', () => {
  it('answers as the one-user check does for every kind of plan, in two statements', async () => {
    const make = async (values?: Partial<typeof subscriptions.$inferInsert>) => {
      const user = await server.createUser();
      if (values)
        await server.database.db.insert(subscriptions).values({
          userId: user.id,
          provider: 'local',
          planType: 'standard-monthly',
          status: 'active',
          ...values,
        });
      return user.id;
    };
    const provider = await server.createUser({ role: 'provider' });
    const none = await make();
    const free = await make({ planType: 'free-tier' });
    const active = await make({});
    const trialing = await make({ status: 'trialing' });
    const canceled = await make({ status: 'canceled' });
    const sponsored = await make({ planType: 'provider-connect', sponsorId: provider.id });
    const orphaned = await make({ planType: 'provider-connect', sponsorId: provider.id });
    await connect(server, provider.id, sponsored);
    await connect(server, provider.id, orphaned, { connectionStatus: 'disconnected' });
    const ids = [none, free, active, trialing, canceled, sponsored, orphaned];

    const billing = server.services.billing;
    const allowed = await billing.allowedAmong(ids, 'weekly-insights');
    const one = await Promise.all(
      ids.map(async (id) => (await billing.allows(id, 'weekly-insights')).allowed),
    );
    expect(ids.map((id) => allowed.has(id))).toEqual(one);
    expect([...allowed].sort()).toEqual([active, trialing, sponsored].sort());
    // a free feature is allowed to everyone
    expect((await billing.allowedAmong(ids, 'journaling')).size).toBe(ids.length);
    expect((await billing.allowedAmong([], 'weekly-insights')).size).toBe(0);
  });
});
