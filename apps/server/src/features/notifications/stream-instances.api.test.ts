import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { NotificationResponse } from '@mindledger/domain';
import { startServer, type TestServer } from '../../../test/harness.js';
import { eventually, openStream } from '../../../test/sse.js';
import { testDatabaseUrl, testRedisUrl } from '../../../test/template.js';

/**
 * The live stream across instances (issue 13): a notification made on one server instance reaches a
 * stream held by another, over PostgreSQL LISTEN/NOTIFY and over Redis pub/sub. Needs PostgreSQL
 * (TEST_DATABASE_URL; CI runs the suite on it): the embedded database is one process.
 */
const buses: { name: string; env: Record<string, string> }[] = [
  { name: 'LISTEN/NOTIFY', env: {} },
  ...(testRedisUrl ? [{ name: 'Redis pub/sub', env: { REDIS_URL: testRedisUrl } }] : []),
];

for (const bus of buses)
  describe.skipIf(!testDatabaseUrl)(`notifications on two instances (${bus.name})`, () => {
    let a: TestServer;
    let b: TestServer;
    beforeAll(async () => {
      a = await startServer({ env: bus.env });
      b = await startServer({ env: bus.env, sameDatabaseAs: a });
    });
    afterAll(async () => {
      await b?.close();
      await a?.close();
    });

    it('a notification made on A appears on a stream held by B, and a read on A updates its count', async () => {
      const { client, user } = await a.signIn();
      const stream = await openStream(b.url, client);
      expect(stream.status).toBe(200);
      await eventually(() => stream.events.some((e) => e.event === 'unread'), 10_000, 'open');
      const row = await a.services.notifications.notify(user.id, {
        type: 'important_update',
        title: 'From A',
        message: 'Made on the other instance',
      });
      await eventually(
        () => stream.events.some((e) => e.event === 'notification'),
        10_000,
        'notification on B',
      );
      const got = stream.events.filter((e) => e.event === 'notification');
      expect(got).toHaveLength(1);
      expect((got[0]?.data as NotificationResponse).id).toBe(row?.id);
      await client.patch(`/api/v1/notifications/${row?.id}/read`);
      await eventually(
        () =>
          (stream.events.filter((e) => e.event === 'unread').at(-1)?.data as { unreadCount: number })
            .unreadCount === 0 && stream.events.filter((e) => e.event === 'unread').length >= 3,
        10_000,
        'unread 0 on B',
      );
      stream.close();
    });
  });
