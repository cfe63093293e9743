import type { FastifyRequest } from 'fastify';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from '../../test/harness.js';
import { auditLogs, connections } from '../db/schema/index.js';
import { Audit } from './audit.js';
import { AppError } from './errors.js';
import { AccessPolicy } from './policy.js';
import type { AccessClaims } from './tokens.js';

type Status = (typeof connections.$inferInsert)['status'] & string;
type ConnectionStatus = (typeof connections.$inferInsert)['connectionStatus'] & string;

const statuses: Status[] = ['pending', 'accepted', 'rejected', 'deleted'];
const connectionStatuses: ConnectionStatus[] = ['active', 'inactive', 'disconnected'];

/** The policy reads only who and which role; the session id is not its business. */
const sid = '00000000-0000-4000-8000-000000000000';
let server: TestServer;
let policy: AccessPolicy;
let provider: AccessClaims;
let loneProvider: AccessClaims;
let admin: AccessClaims;
/** One patient per (status, connectionStatus) pair, each connected to `provider` that way. */
const patients = new Map<string, string>();
let unconnected: string;

const key = (status: Status, connectionStatus: ConnectionStatus) => `${status}/${connectionStatus}`;

beforeAll(async () => {
  server = await startServer();
  const db = server.database.db;
  policy = new AccessPolicy(db, new Audit(db, server.clock));
  provider = { sub: (await server.createUser({ role: 'provider' })).id, role: 'provider', sid };
  loneProvider = { sub: (await server.createUser({ role: 'provider' })).id, role: 'provider', sid };
  admin = { sub: (await server.createUser({ role: 'admin' })).id, role: 'admin', sid };
  unconnected = (await server.createUser()).id;
  for (const status of statuses) {
    for (const connectionStatus of connectionStatuses) {
      const patient = await server.createUser();
      patients.set(key(status, connectionStatus), patient.id);
      await db.insert(connections).values({
        providerId: provider.sub,
        patientId: patient.id,
        status,
        connectionStatus,
        invitedBy: status === 'pending' ? 'provider' : 'patient',
      });
    }
  }
});
afterAll(async () => {
  await server.close();
});

function patientId(status: Status, connectionStatus: ConnectionStatus): string {
  const id = patients.get(key(status, connectionStatus));
  if (!id) throw new Error('fixture missing');
  return id;
}
const accepted = () => patientId('accepted', 'active');

describe('AccessPolicy.patientAccess', () => {
  it('gives a patient their own data as self, and nobody else’s', async () => {
    const me = accepted();
    expect(await policy.patientAccess({ sub: me, role: 'patient', sid }, me)).toBe('self');
    expect(await policy.patientAccess({ sub: me, role: 'patient', sid }, unconnected)).toBeNull();
    expect(await policy.patientAccess({ sub: unconnected, role: 'patient', sid }, me)).toBeNull();
    // A patient cannot reach their provider's data through the connection either.
    expect(await policy.patientAccess({ sub: me, role: 'patient', sid }, provider.sub)).toBeNull();
  });

  it('gives a provider access only through an accepted, active connection', async () => {
    const results: Record<string, string | null> = {};
    for (const status of statuses) {
      for (const connectionStatus of connectionStatuses) {
        results[key(status, connectionStatus)] = await policy.patientAccess(
          provider,
          patientId(status, connectionStatus),
        );
      }
    }
    const expected = Object.fromEntries(
      Object.keys(results).map((k) => [k, k === 'accepted/active' ? 'provider' : null]),
    );
    expect(results).toEqual(expected);
    expect(await policy.patientAccess(provider, unconnected)).toBeNull();
    expect(await policy.patientAccess(provider, provider.sub)).toBeNull();
  });

  it('follows the connection when it changes', async () => {
    const id = accepted();
    const where = and(eq(connections.providerId, provider.sub), eq(connections.patientId, id));
    await server.database.db.update(connections).set({ connectionStatus: 'inactive' }).where(where);
    expect(await policy.patientAccess(provider, id)).toBeNull();
    await server.database.db.update(connections).set({ connectionStatus: 'active' }).where(where);
    expect(await policy.patientAccess(provider, id)).toBe('provider');
  });

  it('gives a provider connected to nobody no access at all', async () => {
    for (const id of [...patients.values(), unconnected]) {
      expect(await policy.patientAccess(loneProvider, id)).toBeNull();
    }
  });

  it('gives an admin no access to clinical data', async () => {
    for (const id of [...patients.values(), unconnected, admin.sub]) {
      expect(await policy.patientAccess(admin, id)).toBeNull();
    }
  });

  it('gives a claimed role nothing it does not hold: a patient id posing as provider', async () => {
    expect(await policy.patientAccess({ sub: accepted(), role: 'provider', sid }, accepted())).toBeNull();
  });
});

describe('AccessPolicy.assertPatientAccess', () => {
  let n = 0;
  function requestOf(actor: AccessClaims): FastifyRequest {
    n += 1;
    return {
      auth: actor,
      ip: '127.0.0.1',
      headers: { 'user-agent': 'vitest' },
      id: `policy-${n}`,
    } as unknown as FastifyRequest;
  }
  async function rowsOf(actor: AccessClaims) {
    return server.database.db.select().from(auditLogs).where(eq(auditLogs.actorId, actor.sub));
  }

  it('answers 404 and audits AUTHORIZATION_FAILURE when refused', async () => {
    const target = patientId('accepted', 'disconnected');
    const error = await policy
      .assertPatientAccess(requestOf(loneProvider), loneProvider, target, 'journal')
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AppError);
    expect((error as AppError).status).toBe(404);
    const rows = await rowsOf(loneProvider);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      action: 'AUTHORIZATION_FAILURE',
      actorRole: 'provider',
      resourceType: 'journal',
      resourceId: target,
      patientId: null,
    });
  });

  it('audits ACCESS_PHI when a connected provider reads, nothing when a patient reads their own', async () => {
    const target = accepted();
    expect(await policy.assertPatientAccess(requestOf(provider), provider, target, 'journal')).toBe(
      'provider',
    );
    const rows = await rowsOf(provider);
    expect(rows.map((r) => r.action)).toEqual(['ACCESS_PHI']);
    expect(rows[0]).toMatchObject({ patientId: target, resourceId: target, resourceType: 'journal' });

    const self: AccessClaims = { sub: target, role: 'patient', sid };
    expect(await policy.assertPatientAccess(requestOf(self), self, target, 'journal')).toBe('self');
    expect(await rowsOf(self)).toEqual([]);
  });
});
