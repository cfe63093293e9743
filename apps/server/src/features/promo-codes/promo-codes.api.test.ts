import { randomUUID } from 'node:crypto';
import { addDays, promoMessages, type PromoCodeResponse } from '@mindledger/domain';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type Client, type TestServer } from '../../../test/harness.js';
import { auditLogs, idempotencyKeys, promoCodes } from '../../db/schema/index.js';

interface PromoList {
  success: boolean;
  promoCodes: PromoCodeResponse[];
  total: number;
  page: number;
  limit: number;
  pages: number;
  hasNext: boolean;
}
interface PromoAnswer {
  success: boolean;
  message: string;
  promoCode: PromoCodeResponse;
  errors?: { path: string; message: string }[];
}

let server: TestServer;
let admin: Client;
let adminId: string;
beforeAll(async () => {
  server = await startServer();
  const signedIn = await server.signIn({ role: 'admin' });
  admin = signedIn.client;
  adminId = signedIn.user.id;
});
afterAll(async () => {
  await server.close();
});

/** A unique marker (letters and digits, so it fits in a code) for each test's own codes. */
function tag(): string {
  return `T${randomUUID().replace(/-/g, '').slice(0, 10).toUpperCase()}`;
}

function body(overrides: Record<string, unknown> = {}) {
  return {
    code: tag(),
    discountType: 'percentage',
    discount: 10,
    duration: 'forever',
    durationInMonths: 1,
    maxUses: '',
    description: 'Ten percent off',
    expiresAt: addDays(server.today(), 30),
    oneTimeUse: true,
    active: true,
    ...overrides,
  };
}

async function create(overrides: Record<string, unknown> = {}) {
  const reply = await admin.post<PromoAnswer>('/api/v1/promo-codes', body(overrides));
  expect(reply.status, JSON.stringify(reply.body)).toBe(201);
  return reply.body.promoCode;
}

async function list(query: Record<string, string | number>) {
  const params = new URLSearchParams(Object.entries(query).map(([k, v]): [string, string] => [k, String(v)]));
  const reply = await admin.get<PromoList>(`/api/v1/promo-codes?${params}`);
  expect(reply.status, JSON.stringify(reply.body)).toBe(200);
  return reply.body;
}

async function auditRows(action: string, resourceId?: string) {
  return server.database.db
    .select()
    .from(auditLogs)
    .where(
      resourceId === undefined
        ? eq(auditLogs.action, action)
        : and(eq(auditLogs.action, action), eq(auditLogs.resourceId, resourceId)),
    );
}

describe('POST promo-codes', () => {
  it('creates a code in uppercase with the defaults, answers it and audits it', async () => {
    const code = tag();
    const reply = await admin.post<PromoAnswer>(
      '/api/v1/promo-codes',
      body({ code: `  ${code.toLowerCase()} `, durationInMonths: '' }),
    );
    expect(reply.status).toBe(201);
    expect(reply.body).toMatchObject({ success: true, message: 'Promo code created successfully' });
    const promo = reply.body.promoCode;
    expect(promo).toEqual({
      _id: promo.id,
      id: expect.any(String),
      code,
      discountType: 'percentage',
      discount: 10,
      description: 'Ten percent off',
      maxUses: null,
      currentUses: 0,
      oneTimeUse: true,
      active: true,
      duration: 'forever',
      durationInMonths: null,
      expiresAt: addDays(server.today(), 30),
      createdAt: expect.any(String),
    });
    const rows = await auditRows('PROMO_CODE_CREATED', promo.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ actorId: adminId, actorRole: 'admin', resourceType: 'promo_code' });
    expect(JSON.stringify(rows[0]?.metadata)).not.toContain('Ten percent');
  });

  it('keeps a fixed discount in cents and answers dollars; months only for multipleMonths', async () => {
    const promo = await create({
      discountType: 'fixed',
      discount: '12.50',
      duration: 'multipleMonths',
      durationInMonths: '3',
      maxUses: '10',
      oneTimeUse: false,
      active: false,
    });
    expect(promo).toMatchObject({
      discountType: 'fixed',
      discount: 12.5,
      duration: 'multipleMonths',
      durationInMonths: 3,
      maxUses: 10,
      oneTimeUse: false,
      active: false,
    });
    const [row] = await server.database.db.select().from(promoCodes).where(eq(promoCodes.id, promo.id));
    expect(row?.discountValue).toBe(1250);
    const once = await create({ duration: 'once', durationInMonths: 7 });
    expect(once.durationInMonths).toBeNull();
  });

  it('answers every rule of the form with its message', async () => {
    const cases: [Record<string, unknown>, string, string][] = [
      [{ code: '' }, 'code', promoMessages.codeRequired],
      [{ code: 'HAS SPACE' }, 'code', promoMessages.codeFormat],
      [{ code: 'dash-ed' }, 'code', promoMessages.codeFormat],
      [{ code: 'A'.repeat(41) }, 'code', promoMessages.codeLength],
      [{ discountType: undefined }, 'discountType', promoMessages.discountTypeRequired],
      [{ discount: '' }, 'discount', promoMessages.discountRequired],
      [{ discount: -1 }, 'discount', promoMessages.discountMin],
      [{ discount: 101 }, 'discount', promoMessages.percentageMax],
      [{ discount: 10.5 }, 'discount', promoMessages.percentageStep],
      [{ discountType: 'fixed', discount: 1000.01 }, 'discount', promoMessages.fixedMax],
      [{ discountType: 'fixed', discount: 9.999 }, 'discount', promoMessages.fixedStep],
      [{ duration: 'weekly' }, 'duration', promoMessages.durationRequired],
      [
        { duration: 'multipleMonths', durationInMonths: '' },
        'durationInMonths',
        promoMessages.monthsRequired,
      ],
      [{ duration: 'multipleMonths', durationInMonths: 25 }, 'durationInMonths', promoMessages.monthsRange],
      [{ duration: 'multipleMonths', durationInMonths: 0 }, 'durationInMonths', promoMessages.monthsRange],
      [{ maxUses: -1 }, 'maxUses', promoMessages.maxUsesMin],
      [{ maxUses: 2.5 }, 'maxUses', promoMessages.maxUsesWhole],
      [{ description: '   ' }, 'description', 'Description is required'],
      [{ description: '<img src=x>' }, 'description', 'Description is required'],
      [{ expiresAt: '' }, 'expiresAt', promoMessages.expiryRequired],
      [{ expiresAt: '2031-02-30' }, 'expiresAt', 'Must be a valid date'],
      [{ expiresAt: addDays(server.today(), -1) }, 'expiresAt', promoMessages.expiryPast],
    ];
    for (const [change, path, message] of cases) {
      const code = tag();
      const reply = await admin.post<PromoAnswer>('/api/v1/promo-codes', body({ code, ...change }));
      expect(reply.status, JSON.stringify(change)).toBe(400);
      expect(reply.body.success).toBe(false);
      expect(reply.body.message, JSON.stringify(change)).toBe(message);
      expect(reply.body.errors, JSON.stringify(change)).toContainEqual({ path, message });
      expect((await list({ search: code })).total).toBe(0);
    }
  });

  it('takes today (in the admin’s zone) as the earliest expiry', async () => {
    const promo = await create({ expiresAt: server.today() });
    expect(promo.expiresAt).toBe(server.today());
    // 02:00 UTC: still the day before in Los Angeles, already that day in Tokyo.
    server.clock.set('2031-06-15T02:00:00Z');
    try {
      const west = (await server.signIn({ role: 'admin', timezone: 'America/Los_Angeles' })).client;
      const east = (await server.signIn({ role: 'admin', timezone: 'Asia/Tokyo' })).client;
      const code = tag();
      const refused = await east.post<PromoAnswer>(
        '/api/v1/promo-codes',
        body({ code, expiresAt: '2031-06-14' }),
      );
      expect(refused.status).toBe(400);
      expect(refused.body.message).toBe(promoMessages.expiryPast);
      const accepted = await west.post<PromoAnswer>(
        '/api/v1/promo-codes',
        body({ code, expiresAt: '2031-06-14' }),
      );
      expect(accepted.status).toBe(201);
    } finally {
      server.clock.reset();
    }
  });

  it('refuses a code that exists, whatever its case, with 409', async () => {
    const promo = await create();
    const again = await admin.post<PromoAnswer>(
      '/api/v1/promo-codes',
      body({ code: promo.code.toLowerCase(), description: 'Another' }),
    );
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ success: false, message: promoMessages.duplicate });
    expect((await list({ search: promo.code })).total).toBe(1);
  });

  it('answers a retry with the same Idempotency-Key once, and forgets it when the code is deleted', async () => {
    const key = randomUUID();
    const sent = body();
    const first = await admin.post<PromoAnswer>('/api/v1/promo-codes', sent, {
      headers: { 'idempotency-key': key },
    });
    const retry = await admin.post<PromoAnswer>('/api/v1/promo-codes', sent, {
      headers: { 'idempotency-key': key },
    });
    expect(first.status).toBe(201);
    expect(retry.status).toBe(201);
    expect(retry.headers.get('idempotency-replayed')).toBe('true');
    expect(retry.body.promoCode.id).toBe(first.body.promoCode.id);
    expect((await list({ search: sent.code })).total).toBe(1);
    const other = await admin.post(
      '/api/v1/promo-codes',
      { ...sent, discount: 20 },
      {
        headers: { 'idempotency-key': key },
      },
    );
    expect(other.status).toBe(422);

    expect((await admin.delete(`/api/v1/promo-codes/${first.body.promoCode.id}`)).status).toBe(200);
    const kept = await server.database.db
      .select()
      .from(idempotencyKeys)
      .where(eq(idempotencyKeys.resourceId, first.body.promoCode.id));
    expect(kept).toEqual([]);
  });
});

describe('PUT promo-codes/:id', () => {
  const edit = (overrides: Record<string, unknown> = {}) => ({
    description: 'Edited words',
    expiresAt: addDays(server.today(), 60),
    oneTimeUse: false,
    active: false,
    ...overrides,
  });

  it('changes the description, expiry, one-time use and active flag, and audits it', async () => {
    const promo = await create({ discountType: 'fixed', discount: 12.5, maxUses: 5 });
    const reply = await admin.put<PromoAnswer>(`/api/v1/promo-codes/${promo.id}`, edit());
    expect(reply.status).toBe(200);
    expect(reply.body).toMatchObject({
      success: true,
      message: 'Promo code updated successfully',
      promoCode: {
        id: promo.id,
        code: promo.code,
        discount: 12.5,
        maxUses: 5,
        description: 'Edited words',
        expiresAt: addDays(server.today(), 60),
        oneTimeUse: false,
        active: false,
      },
    });
    const rows = await auditRows('PROMO_CODE_UPDATED', promo.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ actorId: adminId, resourceType: 'promo_code' });
  });

  it('takes the locked fields sent back unchanged (as the dialog holds them)', async () => {
    const promo = await create({
      discountType: 'fixed',
      discount: '0.29',
      duration: 'multipleMonths',
      durationInMonths: 6,
      maxUses: 3,
    });
    const reply = await admin.put<PromoAnswer>(
      `/api/v1/promo-codes/${promo.id}`,
      edit({
        code: promo.code.toLowerCase(),
        discountType: 'fixed',
        discount: '0.29',
        duration: 'multipleMonths',
        durationInMonths: '6',
        maxUses: '3',
      }),
    );
    expect(reply.status, JSON.stringify(reply.body)).toBe(200);
    const forever = await create({ maxUses: '' });
    const again = await admin.put<PromoAnswer>(
      `/api/v1/promo-codes/${forever.id}`,
      edit({ duration: 'forever', durationInMonths: 1, maxUses: '', discount: 10 }),
    );
    expect(again.status, JSON.stringify(again.body)).toBe(200);
  });

  it('refuses a locked field with another value with 400 and changes nothing', async () => {
    const promo = await create({ duration: 'multipleMonths', durationInMonths: 2, maxUses: 4 });
    const changes = [
      { code: tag() },
      { discountType: 'fixed' },
      { discount: 11 },
      { duration: 'once' },
      { durationInMonths: 3 },
      { maxUses: 5 },
      { maxUses: '' },
    ];
    for (const change of changes) {
      const reply = await admin.put<PromoAnswer>(`/api/v1/promo-codes/${promo.id}`, edit(change));
      expect(reply.status, JSON.stringify(change)).toBe(400);
      expect(reply.body.message).toBe(promoMessages.locked);
    }
    const [row] = await server.database.db.select().from(promoCodes).where(eq(promoCodes.id, promo.id));
    expect(row).toMatchObject({
      description: 'Ten percent off',
      active: true,
      durationInMonths: 2,
      maxUses: 4,
    });
    expect(await auditRows('PROMO_CODE_UPDATED', promo.id)).toHaveLength(0);
  });

  it('checks a changed expiry against today; an expired code keeps its date while edited', async () => {
    const promo = await create();
    const past = addDays(server.today(), -1);
    const refused = await admin.put<PromoAnswer>(
      `/api/v1/promo-codes/${promo.id}`,
      edit({ expiresAt: past }),
    );
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe(promoMessages.expiryPast);

    await server.database.db
      .update(promoCodes)
      .set({ expiresAt: '2020-01-01' })
      .where(eq(promoCodes.id, promo.id));
    const kept = await admin.put<PromoAnswer>(
      `/api/v1/promo-codes/${promo.id}`,
      edit({ expiresAt: '2020-01-01', active: false }),
    );
    expect(kept.status).toBe(200);
    expect(kept.body.promoCode).toMatchObject({ expiresAt: '2020-01-01', active: false });
  });

  it('answers the form messages for the editable fields', async () => {
    const promo = await create();
    for (const [change, message] of [
      [{ description: '' }, 'Description is required'],
      [{ expiresAt: '' }, promoMessages.expiryRequired],
    ] as const) {
      const reply = await admin.put<PromoAnswer>(`/api/v1/promo-codes/${promo.id}`, edit(change));
      expect(reply.status).toBe(400);
      expect(reply.body.message).toBe(message);
    }
  });

  it('answers 404 for an unknown or malformed id', async () => {
    for (const id of [randomUUID(), 'not-a-uuid', '12345', 'x'.repeat(150)]) {
      const reply = await admin.put<PromoAnswer>(`/api/v1/promo-codes/${id}`, edit());
      expect(reply.status, id).toBe(404);
      expect(reply.body).toMatchObject({ success: false, message: 'Promo code not found' });
    }
  });
});

describe('DELETE promo-codes/:id', () => {
  it('deletes the code, audits it, and answers 404 afterwards', async () => {
    const promo = await create();
    const reply = await admin.delete<PromoAnswer>(`/api/v1/promo-codes/${promo.id}`);
    expect(reply.status).toBe(200);
    expect(reply.body).toEqual({ success: true, message: 'Promo code deleted successfully' });
    expect((await list({ search: promo.code })).total).toBe(0);
    expect(await auditRows('PROMO_CODE_DELETED', promo.id)).toHaveLength(1);
    const again = await admin.delete<PromoAnswer>(`/api/v1/promo-codes/${promo.id}`);
    expect(again.status).toBe(404);
    expect(again.body.message).toBe('Promo code not found');
    expect((await admin.delete('/api/v1/promo-codes/nope')).status).toBe(404);
  });

  it('keeps a code someone used (409: make it inactive instead)', async () => {
    const promo = await create();
    await server.database.db.update(promoCodes).set({ currentUses: 1 }).where(eq(promoCodes.id, promo.id));
    const reply = await admin.delete<PromoAnswer>(`/api/v1/promo-codes/${promo.id}`);
    expect(reply.status).toBe(409);
    expect(reply.body.message).toBe(promoMessages.usedCannotDelete);
    expect((await list({ search: promo.code })).total).toBe(1);
  });

  it('frees the code for a new one', async () => {
    const promo = await create();
    await admin.delete(`/api/v1/promo-codes/${promo.id}`);
    expect((await create({ code: promo.code })).code).toBe(promo.code);
  });
});

describe('GET promo-codes', () => {
  it('searches the code or the description, ignoring case, with % and _ taken literally', async () => {
    const t = tag();
    const byCode = await create({ code: `${t}A`, description: 'Summer' });
    const byText = await create({ description: `Winter ${t.toLowerCase()} deal` });
    const percent = await create({ description: `${t} 50%off` });
    await create({ description: `${t} 50Xoff` });
    const underscore = await create({ description: `${t} a_b` });
    await create({ description: `${t} aXb` });

    const codesOf = async (search: string) =>
      (await list({ search, limit: 0 })).promoCodes.map((p) => p.code).sort();
    expect(await codesOf(`${t}a`)).toEqual([byCode.code]);
    expect(await codesOf(`winter ${t}`)).toEqual([byText.code]);
    expect(await codesOf(`${t} 50%o`)).toEqual([percent.code]);
    expect(await codesOf(`${t} a_b`)).toEqual([underscore.code]);
    expect(await codesOf(`%${t}`)).toEqual([]);
    expect((await list({ search: t, limit: 0 })).total).toBe(6);
  });

  it('pages (limit 0 is All) and sorts on every allowed column both ways', async () => {
    const t = tag();
    const made = [
      await create({
        code: `${t}C`,
        discount: 30,
        description: `${t} b`,
        expiresAt: addDays(server.today(), 3),
      }),
      await create({
        code: `${t}A`,
        discountType: 'fixed',
        discount: 5,
        duration: 'once',
        description: `${t} C`,
        expiresAt: addDays(server.today(), 1),
        active: false,
      }),
      await create({
        code: `${t}B`,
        discount: 20,
        duration: 'multipleMonths',
        durationInMonths: 6,
        description: `${t} a`,
        expiresAt: addDays(server.today(), 2),
      }),
    ];
    await server.database.db.update(promoCodes).set({ currentUses: 7 }).where(eq(promoCodes.id, made[0]!.id));
    // Distinct creation times, oldest first: C, A, B.
    for (const [i, promo] of made.entries())
      await server.database.db
        .update(promoCodes)
        .set({ createdAt: new Date(Date.UTC(2030, 0, 1 + i)) })
        .where(eq(promoCodes.id, promo.id));

    const order = async (sort: string, direction: 'asc' | 'desc') =>
      (await list({ search: t, sort, order: direction, limit: 0 })).promoCodes.map((p) => p.code.slice(-1));
    expect(await order('code', 'asc')).toEqual(['A', 'B', 'C']);
    expect(await order('code', 'desc')).toEqual(['C', 'B', 'A']);
    // A discount orders by type, then amount: fixed before percentage.
    expect(await order('discount', 'asc')).toEqual(['A', 'B', 'C']);
    expect(await order('discount', 'desc')).toEqual(['C', 'B', 'A']);
    // A duration orders by how long it lasts: once, months, forever.
    expect(await order('duration', 'asc')).toEqual(['A', 'B', 'C']);
    expect(await order('description', 'asc')).toEqual(['B', 'C', 'A']);
    expect((await order('currentUses', 'desc'))[0]).toBe('C');
    expect((await order('currentUses', 'asc'))[2]).toBe('C');
    expect(await order('expiresAt', 'asc')).toEqual(['A', 'B', 'C']);
    expect((await order('active', 'asc'))[0]).toBe('A');
    expect(await order('createdAt', 'desc')).toEqual(['B', 'A', 'C']);
    expect(await order('createdAt', 'asc')).toEqual(['C', 'A', 'B']);

    const first = await list({ search: t, sort: 'code', order: 'asc', limit: 2, page: 1 });
    expect(first).toMatchObject({ total: 3, page: 1, limit: 2, pages: 2, hasNext: true });
    expect(first.promoCodes.map((p) => p.code.slice(-1))).toEqual(['A', 'B']);
    const second = await list({ search: t, sort: 'code', order: 'asc', limit: 2, page: 2 });
    expect(second).toMatchObject({ total: 3, page: 2, pages: 2, hasNext: false });
    expect(second.promoCodes.map((p) => p.code.slice(-1))).toEqual(['C']);
    const beyond = await list({ search: t, limit: 2, page: 5 });
    expect(beyond).toMatchObject({ total: 3, promoCodes: [], hasNext: false });
    const all = await list({ search: t, limit: 0, page: 3 });
    expect(all).toMatchObject({ total: 3, page: 1, limit: 0, pages: 1, hasNext: false });
    expect(all.promoCodes).toHaveLength(3);
    const defaults = await list({});
    expect(defaults).toMatchObject({ page: 1, limit: 10 });
    expect(defaults.promoCodes.length).toBeLessThanOrEqual(10);
  });

  it('refuses a sort or limit outside the allowed ones', async () => {
    for (const query of ['sort=externalCouponId', 'order=up', 'limit=-1', 'limit=5000', 'page=0']) {
      const reply = await admin.get(`/api/v1/promo-codes?${query}`);
      expect(reply.status, query).toBe(400);
    }
  });
});

describe('GET promo-codes/export.csv', () => {
  it('downloads every code as promo-codes.csv with quoted, neutralised cells, and audits it', async () => {
    const t = tag();
    const formula = await create({
      code: `${t}F`,
      description: '=HYPERLINK("http://evil.test", "Click, here")',
      discountType: 'fixed',
      discount: 12.5,
      maxUses: 10,
    });
    // A description with a line break (the form's sanitiser folds them; data may still hold one).
    const [multiline] = await server.database.db
      .insert(promoCodes)
      .values({
        code: `${t}M`,
        discountType: 'percentage',
        discountValue: 15,
        description: '@SUM(1+1)\nsecond "line", too',
        duration: 'multipleMonths',
        durationInMonths: 3,
        expiresAt: '2031-01-31',
        oneTimeUse: false,
        active: false,
      })
      .returning();

    const reply = await admin.get<string>('/api/v1/promo-codes/export.csv');
    expect(reply.status).toBe(200);
    expect(reply.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(reply.headers.get('content-disposition')).toBe('attachment; filename="promo-codes.csv"');
    const text = reply.body.replace(/^\uFEFF/, '');
    expect(
      text.startsWith(
        'Code,Discount,Discount Type,Duration,Months,Description,Usage,Max Uses,One Time Use,Expiration,Status,Created\r\n',
      ),
    ).toBe(true);
    expect(text).toContain(
      `${t}F,12.50,Fixed,Forever,,"'=HYPERLINK(""http://evil.test"", ""Click, here"")",0,10,Yes,${formula.expiresAt},Active,${formula.createdAt}\r\n`,
    );
    expect(text).toContain(
      `${t}M,15,Percentage,3 months,3,"'@SUM(1+1)\nsecond ""line"", too",0,Unlimited,No,2031-01-31,Inactive,${multiline!.createdAt.toISOString()}\r\n`,
    );
    // Every line break outside a quoted cell ends a row: the header and one row per code.
    const codes = await server.database.db.select({ id: promoCodes.id }).from(promoCodes);
    const rows = text
      .replace(/"(?:[^"]|"")*"/g, '')
      .split('\r\n')
      .filter(Boolean);
    expect(rows).toHaveLength(codes.length + 1);
    // A byte order mark first, so that spreadsheets read the file as UTF-8.
    const raw = await server.inject({
      method: 'GET',
      url: '/api/v1/promo-codes/export.csv',
      headers: { authorization: `Bearer ${admin.token}` },
    });
    expect([...raw.rawPayload.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);

    const audited = await auditRows('PROMO_CODE_EXPORTED');
    expect(audited.length).toBeGreaterThanOrEqual(1);
    expect(audited.at(-1)).toMatchObject({ actorId: adminId, resourceType: 'promo_code' });
    expect(JSON.stringify(audited.at(-1)?.metadata)).not.toContain('HYPERLINK');
  });
});

describe('promo code routes refuse everyone else', () => {
  const routes = [
    { method: 'GET', path: () => '/api/v1/promo-codes', route: '/api/v1/promo-codes' },
    { method: 'GET', path: () => '/api/v1/promo-codes/export.csv', route: '/api/v1/promo-codes/export.csv' },
    { method: 'POST', path: () => '/api/v1/promo-codes', route: '/api/v1/promo-codes' },
    { method: 'PUT', path: (id: string) => `/api/v1/promo-codes/${id}`, route: '/api/v1/promo-codes/:id' },
    { method: 'DELETE', path: (id: string) => `/api/v1/promo-codes/${id}`, route: '/api/v1/promo-codes/:id' },
  ] as const;

  it('answers 401 without a valid token', async () => {
    const promo = await create();
    for (const { method, path } of routes) {
      const anonymous = server.client();
      const reply = await anonymous.request(method, path(promo.id), method === 'GET' ? {} : { body: body() });
      expect(reply.status, `${method} ${path(promo.id)}`).toBe(401);
      expect((await anonymous.request(method, path(promo.id), { token: 'not.a.token' })).status).toBe(401);
    }
    expect((await list({ search: promo.code })).total).toBe(1);
  });

  it('answers 403 to patients and providers, auditing AUTHORIZATION_FAILURE, and changes nothing', async () => {
    const promo = await create();
    for (const role of ['patient', 'provider'] as const) {
      const { client, user } = await server.signIn({ role });
      for (const { method, path, route } of routes) {
        const reply = await client.request(method, path(promo.id), {
          body: method === 'GET' ? undefined : { ...body(), code: 'x y' },
        });
        expect(reply.status, `${role} ${method} ${route}`).toBe(403);
        expect(reply.body).toMatchObject({ success: false, code: 'FORBIDDEN' });
      }
      const rows = await server.database.db
        .select()
        .from(auditLogs)
        .where(and(eq(auditLogs.action, 'AUTHORIZATION_FAILURE'), eq(auditLogs.actorId, user.id)));
      expect(rows).toHaveLength(routes.length);
      expect(
        rows.every((r) => r.metadata && (r.metadata as { required?: string }).required === 'admin'),
      ).toBe(true);
    }
    const [row] = await server.database.db.select().from(promoCodes).where(eq(promoCodes.id, promo.id));
    expect(row).toMatchObject({ description: 'Ten percent off', active: true });
  });
});
