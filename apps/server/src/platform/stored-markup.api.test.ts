import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connect } from '../../test/connections.js';
import { startServer, type TestServer } from '../../test/harness.js';
import { connectionEvents, users } from '../db/schema/index.js';

/**
 * Every free-text field is cleaned on the server by the domain sanitisers (Part 2 §5 Text
 * sanitizers): script tags, HTML tags, javascript: and inline handlers go; names keep only word
 * characters, spaces, @, . and -. Nothing is stored as typed when it carries markup.
 */
const attack = '<img src=x onerror=alert(1)>';

let server: TestServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(async () => {
  await server.close();
});

const userRow = async (id: string) =>
  (await server.database.db.select().from(users).where(eq(users.id, id)))[0];

describe('stored markup', () => {
  it('cleans goal texts and notes, and refuses a goal that was nothing but markup', async () => {
    const { client } = await server.signIn();
    const made = await client.post<{ data: { id: string; text: string; notes: string } }>('/api/v1/goals/', {
      text: `${attack} Breathe`,
      notes: '<script>alert(1)</script>Slowly <a href="javascript:alert(1)">now</a>',
    });
    expect(made.status).toBe(201);
    expect(made.body.data).toMatchObject({ text: 'Breathe', notes: 'Slowly now' });
    const edited = await client.put<{ data: { text: string } }>(`/api/v1/goals/${made.body.data.id}`, {
      text: '<b onclick="x()">Walk</b> daily',
    });
    expect(edited.body.data.text).toBe('Walk daily');
    const empty = await client.post('/api/v1/goals/', { text: '<script>alert(1)</script>' });
    expect(empty.status).toBe(400);
    expect(empty.body.message).toBe('Text is required');
    const adopted = await client.post<{ data: { notes: string } }>(
      '/api/v1/goals/preset/personal-gratitude/adopt',
      { notes: `${attack}Three things` },
    );
    expect(adopted.body.data.notes).toBe('Three things');
  });

  it('runs names through the name sanitiser at registration and in the profile', async () => {
    const email = `${randomUUID().slice(0, 8)}@example.test`;
    const registered = await server.client().post('/api/v1/registration', {
      firstName: `${attack}Ada`,
      lastName: '<script>x</script>Love;lace!',
      email,
      password: 'Analytic@1843',
      confirmPassword: 'Analytic@1843',
      termsAccepted: true,
    });
    expect(registered.status).toBe(201);
    const [row] = await server.database.db.select().from(users).where(eq(users.email, email));
    expect(row).toMatchObject({ firstName: 'Ada', lastName: 'Lovelace' });

    const { client, user } = await server.signIn();
    const updated = await client.put('/api/v1/update-user-info', {
      firstName: 'Grace <i>M.</i>',
      lastName: `Hopper${attack}`,
      timezone: 'UTC',
    });
    expect(updated.status).toBe(200);
    expect(await userRow(user.id)).toMatchObject({ firstName: 'Grace M.', lastName: 'Hopper' });
    const blank = await client.put('/api/v1/update-user-info', {
      firstName: '<b></b>',
      lastName: 'Hopper',
      timezone: 'UTC',
    });
    expect(blank.status).toBe(400);
    expect(blank.body.message).toBe('First name is required');
  });

  it("cleans a provider's invitation names and inactivation reasons", async () => {
    const provider = await server.signIn({ role: 'provider' });
    const email = `${randomUUID().slice(0, 8)}@example.test`;
    const invited = await provider.client.post('/api/v1/add-patient', {
      email,
      firstName: `${attack}Sam`,
      lastName: 'Lee',
    });
    expect(invited.status).toBeLessThan(300);
    const mail = await server.mail(email);
    expect(mail.html).not.toContain('onerror');
    expect(mail.text).not.toContain('<img');

    const patient = await server.createUser();
    const connection = await connect(server, provider.user.id, patient.id);
    const inactive = await provider.client.patch(`/api/v1/provider/clients/${patient.id}/mark-inactive`, {
      reason: `Moved <script>alert(1)</script>away`,
      notes: `${attack}Call in May`,
    });
    expect(inactive.status).toBe(200);
    const [event] = await server.database.db
      .select()
      .from(connectionEvents)
      .where(eq(connectionEvents.connectionId, connection.id));
    expect(event).toMatchObject({ reason: 'Moved away', notes: 'Call in May' });
  });
});
