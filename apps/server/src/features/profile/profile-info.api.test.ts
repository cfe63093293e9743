import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type Client, type TestServer } from '../../../test/harness.js';
import { users } from '../../db/schema/index.js';

let server: TestServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(async () => {
  await server.close();
});

interface UserReply {
  success: boolean;
  message: string;
  code?: string;
  user: {
    id: string;
    firstName: string;
    lastName: string;
    timezone: string;
    phone: string | null;
    avatar: { url: string | null };
  };
  errors?: { path: string; message: string }[];
}

const info = { firstName: 'Jane', lastName: 'Doe', timezone: 'Europe/Paris', phone: '+1 (555) 123-4567' };
const updateInfo = (client: Client, body: unknown) => client.put<UserReply>('/api/v1/update-user-info', body);

async function row(id: string) {
  const [found] = await server.database.db.select().from(users).where(eq(users.id, id));
  return found;
}

describe('update-user-info', () => {
  it('updates names, time zone and phone', async () => {
    const { client, user } = await server.signIn();
    const reply = await updateInfo(client, info);
    expect(reply.status).toBe(200);
    expect(reply.body.message).toBe('Profile updated successfully.');
    expect(reply.body.user).toMatchObject({ id: user.id, ...info });
    expect(await row(user.id)).toMatchObject(info);
    const me = await client.get<UserReply>('/api/v1/me');
    expect(me.body.user).toMatchObject(info);

    const noPhone = await updateInfo(client, { ...info, phone: undefined });
    expect(noPhone.status).toBe(200);
    expect(noPhone.body.user.phone).toBeNull();
  });

  it('answers the spec messages for a missing first name, a bad time zone and a short phone', async () => {
    const { client, user } = await server.signIn({ firstName: 'Keep' });
    const cases: [unknown, string, string][] = [
      [{ ...info, firstName: undefined }, 'firstName', 'First name is required'],
      [{ ...info, firstName: '   ' }, 'firstName', 'First name is required'],
      [{ ...info, lastName: '' }, 'lastName', 'Last name is required'],
      [{ ...info, firstName: 'x'.repeat(101) }, 'firstName', 'Must not exceed 100 characters'],
      [{ ...info, timezone: 'Mars/Olympus_Mons' }, 'timezone', 'Choose a valid time zone'],
      [{ ...info, timezone: '' }, 'timezone', 'Choose a valid time zone'],
      [{ ...info, phone: '555-1234' }, 'phone', 'Phone number must have at least 10 digits'],
      [{ ...info, phone: '123456789' }, 'phone', 'Phone number must have at least 10 digits'],
    ];
    for (const [body, path, message] of cases) {
      const reply = await updateInfo(client, body);
      expect(reply.status, `${path}: ${message}`).toBe(400);
      expect(reply.body.errors).toContainEqual({ path, message });
    }
    expect((await row(user.id))?.firstName).toBe('Keep');
  });

  it('runs names through the name sanitiser: no markup is stored', async () => {
    const { client, user } = await server.signIn();
    const hostile = {
      ...info,
      firstName: '<script>alert(1)</script>Ann',
      lastName: '"><img src=x onerror=alert(1)>Lee',
    };
    const reply = await updateInfo(client, hostile);
    expect(reply.status).toBe(200);
    expect(reply.headers.get('content-type')).toMatch(/^application\/json/);
    expect(reply.headers.get('x-content-type-options')).toBe('nosniff');
    expect(reply.body.user.firstName).toBe('Ann');
    expect(reply.body.user.lastName).toBe('Lee');
    expect(await row(user.id)).toMatchObject({ firstName: 'Ann', lastName: 'Lee' });
  });

  it('ignores attempts to change role, email or activation through the profile', async () => {
    const { client, user } = await server.signIn();
    const reply = await updateInfo(client, {
      ...info,
      role: 'admin',
      userRole: 'admin',
      email: 'takeover@example.test',
      activated: false,
      passwordHash: 'x',
    });
    expect(reply.status).toBe(200);
    expect(await row(user.id)).toMatchObject({ role: 'patient', email: user.email, activated: true });
    expect((await row(user.id))?.passwordHash).toBe(user.passwordHash);
  });

  it('needs a bearer token, and answers 401 for the token of a deleted account', async () => {
    expect((await updateInfo(server.client(), info)).status).toBe(401);
    const { client, user } = await server.signIn();
    await server.database.db.delete(users).where(eq(users.id, user.id));
    const reply = await updateInfo(client, info);
    expect(reply.status).toBe(401);
  });
});

// A 1×1 transparent PNG.
const png = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

function form(field: string, data: Buffer | string, type: string, filename: string): FormData {
  const body = new FormData();
  body.append(field, new Blob([data], { type }), filename);
  return body;
}

const upload = (client: Client, raw: FormData) =>
  client.request<UserReply>('PUT', '/api/v1/update-user-avatar', { raw });

describe('update-user-avatar', () => {
  it('stores a PNG and serves it at user.avatar.url as image/png', async () => {
    const { client, user } = await server.signIn();
    const reply = await upload(client, form('avatar', png, 'image/png', 'me.png'));
    expect(reply.status).toBe(200);
    expect(reply.body.message).toBe('Profile picture updated successfully.');
    const url = reply.body.user.avatar.url ?? '';
    expect(url).toMatch(new RegExp(`^/api/v1/files/avatars/${user.id}/[a-f0-9]{24}\\.png$`));
    expect((await client.get<UserReply>('/api/v1/me')).body.user.avatar.url).toBe(url);

    const image = await fetch(server.url + url);
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toBe('image/png');
    expect(image.headers.get('x-content-type-options')).toBe('nosniff');
    expect(Buffer.from(await image.arrayBuffer()).equals(png)).toBe(true);

    // A new upload replaces the old file.
    const second = await upload(client, form('avatar', png, 'image/png', 'again.png'));
    const next = second.body.user.avatar.url ?? '';
    expect(next).not.toBe(url);
    expect((await fetch(server.url + url)).status).toBe(404);
    expect((await fetch(server.url + next)).status).toBe(200);
  });

  it('refuses a text file named .png with 415', async () => {
    const { client, user } = await server.signIn();
    for (const type of ['image/png', 'text/plain']) {
      const reply = await upload(client, form('avatar', 'just some text, not an image', type, 'evil.png'));
      expect(reply.status).toBe(415);
      expect(reply.body).toMatchObject({
        code: 'UNSUPPORTED_MEDIA',
        message: 'Avatar must be a PNG, JPEG or WebP image',
      });
    }
    const html = await upload(client, form('avatar', '<svg onload=alert(1)>', 'image/svg+xml', 'x.svg'));
    expect(html.status).toBe(415);
    const disguised = await upload(client, form('avatar', png, 'image/jpeg', 'x.jpg'));
    expect(disguised.status).toBe(415);
    expect((await row(user.id))?.avatarKey).toBeNull();
  });

  it('refuses an image over 2 MB with 413', async () => {
    const { client, user } = await server.signIn();
    const big = Buffer.concat([png, Buffer.alloc(2 * 1024 * 1024)]);
    const reply = await upload(client, form('avatar', big, 'image/png', 'big.png'));
    expect(reply.status).toBe(413);
    expect(reply.body).toMatchObject({
      code: 'PAYLOAD_TOO_LARGE',
      message: 'Avatar must be 2 MB or smaller',
    });
    expect((await row(user.id))?.avatarKey).toBeNull();
  });

  it('refuses a JSON body with 415 and a form without the file with 400', async () => {
    const { client } = await server.signIn();
    const json = await client.put<UserReply>('/api/v1/update-user-avatar', {
      avatar: png.toString('base64'),
    });
    expect(json.status).toBe(415);
    expect(json.body.code).toBe('UNSUPPORTED_MEDIA');

    const fieldsOnly = new FormData();
    fieldsOnly.append('name', 'no file here');
    const empty = await upload(client, fieldsOnly);
    expect(empty.status).toBe(400);
    expect(empty.body.message).toBe('Avatar is required');

    const wrongField = await upload(client, form('photo', png, 'image/png', 'me.png'));
    expect(wrongField.status).toBe(400);
    expect(wrongField.body.message).toBe('Avatar is required');
  });

  it('needs a bearer token', async () => {
    const reply = await upload(server.client(), form('avatar', png, 'image/png', 'me.png'));
    expect(reply.status).toBe(401);
  });

  it('answers 404 for unknown or malformed avatar paths', async () => {
    const { user } = await server.signIn();
    expect((await fetch(`${server.url}/api/v1/files/avatars/${user.id}/${'a'.repeat(24)}.png`)).status).toBe(
      404,
    );
    const traversal = await fetch(`${server.url}/api/v1/files/avatars/${user.id}/..%2F..%2Fsecret.png`);
    expect([400, 404]).toContain(traversal.status);
    const notUuid = await fetch(`${server.url}/api/v1/files/avatars/..%2F..%2F/${'a'.repeat(24)}.png`);
    expect([400, 404]).toContain(notUuid.status);
  });
});
