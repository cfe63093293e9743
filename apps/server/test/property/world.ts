import { and, eq, ne, sql } from 'drizzle-orm';
import { connect } from '../connections.js';
import { insertEntry } from '../entries.js';
import type { TestServer } from '../harness.js';
import { connections, goals, journalEntries, users } from '../../src/db/schema/index.js';
import type { emailRefs, WorldRef } from './vocabulary.js';

export const callerKinds = ['none', 'patient', 'provider', 'admin'] as const;
export type CallerKind = (typeof callerKinds)[number];

interface Members {
  ids: Record<WorldRef, string>;
  emails: Record<(typeof emailRefs)[number], string>;
  tokens: Record<Exclude<CallerKind, 'none'>, string>;
}

/**
 * The people and rows the no-5xx cases act on: a patient with an entry and a goal, a provider
 * connected to that patient (so provider reads run their deeper paths), an admin, and another
 * patient whose entry nobody else may read. Cases may log out, delete accounts, disconnect or
 * delete rows: `heal` rebuilds what a case broke, so later cases still reach the deep paths.
 */
export class World {
  private members!: Members;
  rebuilds = 0;

  constructor(private readonly server: TestServer) {}

  get app() {
    return this.server.app;
  }

  async build(): Promise<void> {
    const login = async (role: 'patient' | 'provider' | 'admin') => this.server.signIn({ role });
    const [patient, provider, admin] = await Promise.all([
      login('patient'),
      login('provider'),
      login('admin'),
    ]);
    const other = await this.server.createUser({ role: 'patient' });
    const connection = await connect(this.server, provider.user.id, patient.user.id);
    const entry = await insertEntry(this.server, patient.user.id);
    const otherEntry = await insertEntry(this.server, other.id, { isPrivate: true });
    const goal = await this.insertGoal(patient.user.id);
    this.members = {
      ids: {
        '@patient': patient.user.id,
        '@provider': provider.user.id,
        '@admin': admin.user.id,
        '@other': other.id,
        '@entry': entry.id,
        '@otherEntry': otherEntry.id,
        '@goal': goal,
        '@connection': connection.id,
      },
      emails: {
        '@patientEmail': patient.user.email,
        '@providerEmail': provider.user.email,
        '@adminEmail': admin.user.email,
        '@otherEmail': other.email,
      },
      tokens: {
        patient: patient.client.token ?? '',
        provider: provider.client.token ?? '',
        admin: admin.client.token ?? '',
      },
    };
    this.rebuilds++;
  }

  private async insertGoal(patientId: string): Promise<string> {
    const [row] = await this.server.database.db
      .insert(goals)
      .values({
        patientId,
        createdBy: patientId,
        type: 'personal',
        text: 'Walk every day',
        textKey: `walk every day ${patientId}`,
      })
      .returning({ id: goals.id });
    if (!row) throw new Error('goal not created');
    return row.id;
  }

  token(kind: CallerKind): string | undefined {
    return kind === 'none' ? undefined : this.members.tokens[kind];
  }

  /** Replaces placeholders ('@entry', '@patientEmail') anywhere in a value by the world's values. */
  resolve(value: unknown): unknown {
    if (typeof value === 'string') {
      if (Object.hasOwn(this.members.ids, value)) return this.members.ids[value as WorldRef];
      if (Object.hasOwn(this.members.emails, value))
        return this.members.emails[value as keyof Members['emails']];
      return value;
    }
    if (Array.isArray(value)) return value.map((v) => this.resolve(v));
    if (typeof value === 'object' && value !== null) {
      const out = Object.create(Object.getPrototypeOf(value) as object | null) as Record<string, unknown>;
      for (const [key, v] of Object.entries(value)) {
        Object.defineProperty(out, key, {
          value: this.resolve(v),
          enumerable: true,
          writable: true,
          configurable: true,
        });
      }
      return out;
    }
    return value;
  }

  /** Whether a caller's token still works (a case may have logged it out or deleted the account). */
  async alive(kind: CallerKind): Promise<boolean> {
    if (kind === 'none') return true;
    const reply = await this.server.app.inject({
      method: 'GET',
      url: '/api/v1/me',
      headers: { authorization: `Bearer ${this.members.tokens[kind]}` },
    });
    return reply.statusCode === 200;
  }

  private writes = 0;

  /**
   * After a write that succeeded: every few writes the world is checked and healed (a check costs
   * a query; until then a broken world only makes a few cases shallower).
   */
  async afterWrite(): Promise<void> {
    this.writes++;
    if (this.writes % 6 === 0) await this.heal();
  }

  /**
   * Rebuilds the world when a member, the connection or the entry is gone, and retires the patient's extra goals (and revives the world's goal) so the goal limits
   * and a completed goal do not stop every later case early. One statement when nothing is wrong.
   */
  async heal(): Promise<void> {
    const { db } = this.server.database;
    const ids = this.members.ids;
    const [state] = await db
      .select({
        people: sql<number>`(select count(*)::int from ${users} where ${users.id} in (${ids['@patient']}, ${ids['@provider']}, ${ids['@admin']}, ${ids['@other']}))`,
        linked: sql<boolean>`exists (select 1 from ${connections} where ${connections.id} = ${ids['@connection']} and ${connections.status} = 'accepted' and ${connections.connectionStatus} = 'active')`,
        entry: sql<boolean>`exists (select 1 from ${journalEntries} where ${journalEntries.id} = ${ids['@entry']} and not ${journalEntries.deleted})`,
        goal: sql<boolean>`exists (select 1 from ${goals} where ${goals.id} = ${ids['@goal']} and not (${goals.deleted} or ${goals.completed} or ${goals.abandoned}))`,
        extraGoals: sql<number>`(select count(*)::int from ${goals} where ${goals.patientId} = ${ids['@patient']} and ${goals.id} <> ${ids['@goal']} and not ${goals.deleted})`,
      })
      .from(users)
      .where(eq(users.id, ids['@patient']));
    if (!state || state.people < 4 || !state.linked || !state.entry) {
      await this.build();
      return;
    }
    if (state.goal && state.extraGoals < 6) return;
    await db
      .update(goals)
      .set({ deleted: true, deletedAt: new Date() })
      .where(and(eq(goals.patientId, ids['@patient']), ne(goals.id, ids['@goal']), eq(goals.deleted, false)));
    const [revived] = await db
      .update(goals)
      .set({ deleted: false, completed: false, abandoned: false })
      .where(eq(goals.id, ids['@goal']))
      .returning({ id: goals.id });
    if (!revived) await this.build();
  }
}

/** Worlds handed to concurrent tests, one test per world at a time. */
export class WorldPool {
  private readonly waiting: ((world: World) => void)[] = [];

  private constructor(private readonly free: World[]) {}

  static async open(server: TestServer, size: number): Promise<WorldPool> {
    const worlds = Array.from({ length: size }, () => new World(server));
    for (const world of worlds) await world.build();
    return new WorldPool(worlds);
  }

  acquire(): Promise<World> {
    const world = this.free.pop();
    return world ? Promise.resolve(world) : new Promise((resolve) => this.waiting.push(resolve));
  }

  release(world: World): void {
    const next = this.waiting.shift();
    if (next) next(world);
    else this.free.push(world);
  }
}
