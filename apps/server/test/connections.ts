import { and, eq } from 'drizzle-orm';
import { auditLogs, connectionEvents, connections } from '../src/db/schema/index.js';
import type { TestServer } from './harness.js';

/** Puts a connection straight into the database (accepted and active unless said otherwise). */
export async function connect(
  server: TestServer,
  providerId: string,
  patientId: string,
  values: Partial<typeof connections.$inferInsert> = {},
) {
  const [row] = await server.database.db
    .insert(connections)
    .values({
      providerId,
      patientId,
      status: 'accepted',
      connectionStatus: 'active',
      invitedBy: 'provider',
      ...values,
    })
    .returning();
  if (!row) throw new Error('connection not created');
  return row;
}

export async function connectionRow(server: TestServer, id: string) {
  const [row] = await server.database.db.select().from(connections).where(eq(connections.id, id));
  return row;
}

export async function eventsOf(server: TestServer, connectionId: string) {
  return server.database.db
    .select()
    .from(connectionEvents)
    .where(eq(connectionEvents.connectionId, connectionId))
    .orderBy(connectionEvents.createdAt);
}

export async function auditOf(server: TestServer, action: string, actorId: string) {
  return server.database.db
    .select()
    .from(auditLogs)
    .where(and(eq(auditLogs.action, action), eq(auditLogs.actorId, actorId)));
}

/** The mails to an address, newest first. */
export async function outbox(server: TestServer, to: string) {
  const reply = await server
    .client()
    .get<{ subject: string; text: string }[]>(`/api/dev/outbox?to=${encodeURIComponent(to)}`);
  return reply.body;
}
