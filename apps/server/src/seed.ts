import { and, eq } from 'drizzle-orm';
import type { Db } from './db/client.js';
import { connections, users } from './db/schema/index.js';
import { hashPassword } from './platform/passwords.js';

export const demoPassword = 'Demo@1234';

export const demoAccounts = [
  { email: 'patient@demo.local', firstName: 'Maya', lastName: 'Patel', role: 'patient' },
  { email: 'provider@demo.local', firstName: 'Daniel', lastName: 'Reyes', role: 'provider' },
  { email: 'admin@demo.local', firstName: 'Avery', lastName: 'Admin', role: 'admin' },
] as const;

/**
 * Demo accounts for the three roles, activated and approved, and the demo provider connected to
 * the demo patient. Idempotent: existing demo accounts are left as they are; only the
 * `@demo.local` addresses are ever touched.
 */
export async function seedDemo(db: Db): Promise<void> {
  const hash = await hashPassword(demoPassword);
  for (const account of demoAccounts) {
    await db
      .insert(users)
      .values({ ...account, passwordHash: hash, activated: true, approved: true, timezone: 'America/Denver' })
      .onConflictDoNothing();
  }
  const [patient] = await db.select().from(users).where(eq(users.email, 'patient@demo.local'));
  const [provider] = await db.select().from(users).where(eq(users.email, 'provider@demo.local'));
  if (!patient || !provider) return;
  const existing = await db
    .select({ id: connections.id })
    .from(connections)
    .where(and(eq(connections.providerId, provider.id), eq(connections.patientId, patient.id)));
  if (existing.length === 0) {
    await db.insert(connections).values({
      providerId: provider.id,
      patientId: patient.id,
      status: 'accepted',
      connectionStatus: 'active',
      invitedBy: 'provider',
    });
  }
}
