import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { password, startServer, type Client, type TestServer } from '../../../test/harness.js';
import { eventually, openStream } from '../../../test/sse.js';
import { testDatabaseUrl, testRedisUrl } from '../../../test/template.js';

/**
 * Two server instances on one PostgreSQL database (and one Redis with TEST_REDIS_URL): a session
 * ended on one is refused on the other at once, although the other had it cached as alive, and the
 * live streams the other holds for it close within a second. Needs
 * a PostgreSQL server (TEST_DATABASE_URL; CI runs the suite on it): the embedded database is one
 * process, so there is no second instance to tell.
 */
// Access tokens live an hour here, so that only the session decides below.
const env: Record<string, string> = {
  ACCESS_TOKEN_TTL_SECONDS: '3600',
  ...(testRedisUrl ? { REDIS_URL: testRedisUrl } : {}),
};
let a: TestServer;
let b: TestServer;

describe.skipIf(!testDatabaseUrl)(
  `two instances (${testRedisUrl ? 'Redis pub/sub' : 'LISTEN/NOTIFY'})`,
  () => {
    beforeAll(async () => {
      a = await startServer({ env });
      b = await startServer({ env, sameDatabaseAs: a });
    });
    afterAll(async () => {
      await b?.close();
      await a?.close();
    });

    it('both listen for endings', () => {
      expect(a.config.redisUrl).toBe(testRedisUrl);
      expect(a.database.kind).toBe('postgres');
      // Healthy buses: B trusts its cache, so only the message can make it refuse below.
      expect(b.ctx.sessionRegistry.busHealthy).toBe(true);
      expect(a.ctx.sessionRegistry.busHealthy).toBe(true);
    });

    /** Signs in on A and makes B cache the session as alive. */
    async function sessionSeenOnB() {
      const { client, user } = await a.signIn();
      const token = client.token ?? '';
      expect((await b.client().get('/api/v1/me', { token })).status).toBe(200);
      return { client, user, token };
    }

    /**
     * The message travels asynchronously; "at once" here means well inside the 10 s a cached answer
     * is trusted. audit-logs reads no user row, so only the session check can refuse it.
     */
    async function refusedOnB(token: string) {
      const deadline = Date.now() + 2_000;
      let status = 0;
      while (Date.now() < deadline) {
        const body = { logs: [{ action: 'VIEW_PAGE' }] };
        status = (await b.client().post('/api/audit-logs', body, { token })).status;
        if (status === 401) break;
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
      expect(status).toBe(401);
      expect((await b.client().get('/api/v1/me', { token })).status).toBe(401);
    }

    it('logout on A: the token is refused on B at once', async () => {
      const { client, token } = await sessionSeenOnB();
      expect((await client.post('/api/v1/logout')).status).toBe(200);
      await refusedOnB(token);
    });

    it('password change on A: the other sessions are refused on B at once', async () => {
      const { client, token, user } = await sessionSeenOnB();
      const other = a.client();
      const login = await other.post<{ accessToken: string }>('/api/v1/login', {
        email: user.email,
        password,
      });
      expect((await b.client().get('/api/v1/me', { token: login.body.accessToken })).status).toBe(200);
      const changed = await client.put<{ accessToken: string }>('/api/v1/update-user-password', {
        oldPassword: password,
        newPassword: 'Brand&New99',
      });
      expect(changed.status).toBe(200);
      await refusedOnB(token);
      await refusedOnB(login.body.accessToken);
      expect((await b.client().get('/api/v1/me', { token: changed.body.accessToken })).status).toBe(200);
    });

    it('account deleted on A: the token is refused on B at once, never a 500', async () => {
      const { client, token } = await sessionSeenOnB();
      expect(
        (await client.delete('/api/v1/delete-account', { password, confirmation: 'DELETE' })).status,
      ).toBe(200);
      await refusedOnB(token);
      expect(
        (await b.client().post('/api/audit-logs', { logs: [{ action: 'VIEW_PAGE' }] }, { token })).status,
      ).toBe(401);
    });

    /** A live stream held by B for the client's session, open and past its first event. */
    async function streamOnB(client: Client) {
      const stream = await openStream(b.url, client);
      expect(stream.status).toBe(200);
      await eventually(() => stream.events.some((e) => e.event === 'unread'), 5_000, 'the stream on B');
      let closed = false;
      void stream.closed.then(() => (closed = true));
      return Object.assign(stream, { isClosed: () => closed });
    }

    it('logout on A: the session’s live stream on B closes within a second and carries nothing more', async () => {
      const { client, user } = await sessionSeenOnB();
      const stream = await streamOnB(client);
      expect((await client.post('/api/v1/logout')).status).toBe(200);
      await eventually(stream.isClosed, 1_000, 'the stream on B to close');
      const seen = stream.events.length;
      await a.services.notifications.notify(user.id, {
        type: 'important_update',
        title: 'After logout',
        message: 'Must not arrive',
      });
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(stream.events.slice(seen)).toEqual([]);
    });

    it('two-factor turned on on A: the other device’s live stream on B closes within a second', async () => {
      const { client, user } = await sessionSeenOnB();
      const other = a.client();
      const login = await other.post<{ accessToken: string }>('/api/v1/login', {
        email: user.email,
        password,
      });
      other.token = login.body.accessToken;
      const stream = await streamOnB(other);
      const on = await client.put('/api/v1/update-2fa-settings', { action: 'enable-email', password });
      expect(on.status).toBe(200);
      await eventually(stream.isClosed, 1_000, 'the other device’s stream on B to close');
    });

    it('activity seen on B keeps the session alive for a refresh on A', async () => {
      const { client, token } = await sessionSeenOnB();
      const advance = (ms: number) => {
        a.clock.advance(ms);
        b.clock.advance(ms);
      };
      for (let i = 0; i < 4; i += 1) {
        advance(5 * 60_000);
        expect((await b.client().get('/api/v1/me', { token })).status, `round ${i}`).toBe(200);
      }
      // 20 minutes since anything happened on A: only B's writes keep the session alive.
      expect((await client.get('/api/v1/refresh')).status).toBe(200);
      advance(16 * 60_000 + 1_000);
      expect((await b.client().get('/api/v1/me', { token })).status).toBe(401);
      expect((await client.get('/api/v1/refresh')).status).toBe(401);
    });

    it.skipIf(Boolean(testRedisUrl))(
      'while the listener is down, B reads the row on every request, so a lost message changes nothing',
      async () => {
        const { client, token } = await sessionSeenOnB();
        const stream = await streamOnB(client);
        // Cut both instances' LISTEN connections (this test file's own database only).
        await b.database.db.execute(
          sql`select pg_terminate_backend(pid) from pg_stat_activity
              where datname = current_database() and query = 'LISTEN mindledger_sessions'`,
        );
        const deadline = Date.now() + 2_000;
        while (b.ctx.sessionRegistry.busHealthy && Date.now() < deadline) {
          await new Promise((resolve) => setTimeout(resolve, 10));
        }
        expect(b.ctx.sessionRegistry.busHealthy).toBe(false);
        // Ended on A while the message has nowhere to go; B has the session cached as alive.
        expect((await client.post('/api/v1/logout')).status).toBe(200);
        const body = { logs: [{ action: 'VIEW_PAGE' }] };
        expect((await b.client().post('/api/audit-logs', body, { token })).status).toBe(401);
        // The listener comes back by itself, and endings travel again.
        const back = Date.now() + 5_000;
        while (!b.ctx.sessionRegistry.busHealthy && Date.now() < back) {
          await new Promise((resolve) => setTimeout(resolve, 50));
        }
        expect(b.ctx.sessionRegistry.busHealthy).toBe(true);
        // Back, B looks again at the sessions of its streams: the one ended in the gap closes.
        await eventually(stream.isClosed, 1_000, 'the stream of the session ended in the gap to close');
        const again = await sessionSeenOnB();
        expect((await again.client.post('/api/v1/logout')).status).toBe(200);
        await refusedOnB(again.token);
      },
    );
  },
);
