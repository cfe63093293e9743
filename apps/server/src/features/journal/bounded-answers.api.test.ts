import { addDays, mondayOf } from '@mindledger/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connect } from '../../../test/connections.js';
import { insertEntries } from '../../../test/entries.js';
import {
  startServer,
  testUserTimezone,
  type Client,
  type Reply,
  type TestServer,
} from '../../../test/harness.js';

let server: TestServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(async () => {
  await server.close();
});

interface Entry {
  id: string;
  date: string;
  isPrivate?: boolean;
}
interface RangeAnswer {
  entries: Entry[];
  total?: number;
  limit: number;
  hasMore: boolean;
  next: string | null;
}
interface WeekAnswer extends RangeAnswer {
  weekStart: string;
  days: { date: string; count: number; latest: { id: string; mood: string } | null }[];
}

/** `count` entries spread over the week of `monday`, a minute apart, the i-th private when `private(i)`. */
async function fillWeek(patientId: string, monday: string, count: number, isPrivate = (_i: number) => false) {
  return insertEntries(server, patientId, count, (i) => {
    const day = addDays(monday, i % 7);
    return {
      localDay: day,
      entryAt: new Date(Date.parse(`${day}T12:00:00Z`) + i * 60_000),
      userTimezone: testUserTimezone,
      mood: i % 2 ? 'Good' : 'Fine',
      isPrivate: isPrivate(i),
    };
  });
}

/** Every page of a range call, following `next`. */
async function allPages<T extends RangeAnswer>(
  client: Client,
  path: string,
  query: Record<string, string> = {},
) {
  const pages: T[] = [];
  let after: string | null = null;
  do {
    const params: URLSearchParams = new URLSearchParams({ ...query, ...(after ? { after } : {}) });
    const reply: Reply<{ data: T }> = await client.get<{ data: T }>(`${path}?${params.toString()}`);
    expect(reply.status).toBe(200);
    pages.push(reply.body.data);
    after = reply.body.data.next;
  } while (after && pages.length < 50);
  return pages;
}

describe('the week and range answers are bounded pages', () => {
  it('a week of 250 entries answers 100 at a time, exact day counts and total, and pages on to all', async () => {
    const { client, user } = await server.signIn();
    const monday = mondayOf(server.today());
    const written = await fillWeek(user.id, monday, 250);

    const pages = await allPages<WeekAnswer>(client, `/api/v1/get-mood-by-week/${monday}`);
    expect(pages.map((p) => p.entries.length)).toEqual([100, 100, 50]);
    expect(pages.map((p) => p.hasMore)).toEqual([true, true, false]);
    const first = pages[0] as WeekAnswer;
    expect(first.total).toBe(250);
    expect(first.limit).toBe(100);
    expect(first.days.map((d) => d.count)).toEqual([36, 36, 36, 36, 36, 35, 35]);
    // The newest entry of each day, even when it is not on the first page.
    const newestOfSunday = written.filter((w) => w.localDay === addDays(monday, 6)).at(-1);
    expect(first.days[6]?.latest?.id).toBe(newestOfSunday?.id);

    const seen = pages.flatMap((p) => p.entries.map((e) => e.id));
    expect(new Set(seen).size).toBe(250);
    expect(new Set(seen)).toEqual(new Set(written.map((w) => w.id)));
    const dates = pages.flatMap((p) => p.entries.map((e) => e.date));
    expect(dates).toEqual([...dates].sort());
  });

  it('takes a smaller limit, refuses one above 100, and refuses a forged page link', async () => {
    const { client, user } = await server.signIn();
    const monday = mondayOf(server.today());
    await fillWeek(user.id, monday, 12);
    const pages = await allPages<WeekAnswer>(client, `/api/v1/get-mood-by-week/${monday}`, { limit: '5' });
    expect(pages.map((p) => p.entries.length)).toEqual([5, 5, 2]);

    const tooMany = await client.get<{ errors: { path: string; message: string }[] }>(
      `/api/v1/get-mood-by-week/${monday}?limit=101`,
    );
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.errors).toContainEqual({ path: 'limit', message: 'Must not exceed 100' });
    for (const after of ['nonsense', Buffer.from('2026-01-01|yesterday|x').toString('base64url'), '%00']) {
      const forged = await client.get<{ message: string }>(
        `/api/v1/get-mood-by-week/${monday}?after=${encodeURIComponent(after)}`,
      );
      expect(forged.status, after).toBe(400);
    }
  });

  it('bounds the two-weeks and activities answers the same way', async () => {
    const { client, user } = await server.signIn();
    const today = server.today();
    const from = addDays(today, -13);
    await insertEntries(server, user.id, 130, (i) => {
      const day = addDays(from, i % 14);
      return {
        localDay: day,
        entryAt: new Date(Date.parse(`${day}T10:00:00Z`) + i * 1000),
        activities: i % 2 ? ['walk'] : [],
      };
    });
    const two = await allPages<RangeAnswer>(client, '/api/v1/get-mood-by-two-weeks/', { date: today });
    expect(two.map((p) => p.entries.length)).toEqual([100, 30]);
    expect(two[0]?.total).toBe(130);

    const activities = await allPages<RangeAnswer>(client, '/api/v1/get-all-activities/', {
      timerange: '2 Weeks',
      date: today,
      limit: '40',
    });
    expect(activities.map((p) => p.entries.length)).toEqual([40, 25]);
  });

  it("a provider's week counts and pages only shared entries", async () => {
    const { client: patient, user } = await server.signIn();
    const { client: provider, user: doctor } = await server.signIn({ role: 'provider' });
    await connect(server, doctor.id, user.id);
    const monday = mondayOf(server.today());
    await fillWeek(user.id, monday, 30, (i) => i % 3 === 0);

    const own = (await patient.get<{ data: WeekAnswer }>(`/api/v1/get-mood-by-week/${monday}`)).body.data;
    expect(own.total).toBe(30);
    const pages = await allPages<WeekAnswer>(provider, `/api/dashboard/patient-mood-by-week/${user.id}`, {
      startDate: monday,
      limit: '7',
    });
    expect(pages[0]?.total).toBe(20);
    expect(pages[0]?.days.reduce((n, d) => n + d.count, 0)).toBe(20);
    const ids = pages.flatMap((p) => p.entries.map((e) => e.id));
    expect(ids).toHaveLength(20);
    const privateIds = new Set(own.entries.filter((e) => e.isPrivate).map((e) => e.id));
    expect(ids.filter((id) => privateIds.has(id))).toEqual([]);
    for (const day of pages[0]?.days ?? []) expect(privateIds.has(day.latest?.id ?? '')).toBe(false);
  });
});

describe('the ledger search counts the newest 1,000 matches', () => {
  it('says the total is capped and pages end at the cap', async () => {
    const { client, user } = await server.signIn();
    await insertEntries(server, user.id, 1005, (i) => ({
      notes: `Walked by the lake ${i}`,
      searchText: `walked by the lake ${i}`,
      entryAt: new Date(server.clock.now().getTime() - i * 60_000),
    }));
    type Page = { data: Entry[]; total: number; totalCapped: boolean; pages: number; hasNext: boolean };
    const first = await client.get<Page>('/api/v1/get-all-mood?search=lake&limit=10');
    expect(first.body).toMatchObject({ total: 1000, totalCapped: true, pages: 100, hasNext: true });
    const last = await client.get<Page>('/api/v1/get-all-mood?search=lake&limit=10&page=100');
    expect(last.body.data).toHaveLength(10);
    expect(last.body.hasNext).toBe(false);
    expect((await client.get<Page>('/api/v1/get-all-mood?search=lake&limit=10&page=101')).body.data).toEqual(
      [],
    );
    const exact = await client.get<Page>('/api/v1/get-all-mood?search=lake%201004');
    expect(exact.body).toMatchObject({ total: 1, totalCapped: false });
    const unsearched = await client.get<Page>('/api/v1/get-all-mood');
    expect(unsearched.body).toMatchObject({ total: 1005, totalCapped: false });
  });
});
