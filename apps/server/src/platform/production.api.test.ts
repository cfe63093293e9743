import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { password, startServer, type TestServer } from '../../test/harness.js';

let server: TestServer;
beforeAll(async () => {
  server = await startServer({ env: { NODE_ENV: 'production' } });
});
afterAll(async () => {
  await server.close();
});

describe('a production server', () => {
  it('runs as production', () => {
    expect(server.config.env).toBe('production');
  });

  it('has no dev outbox', async () => {
    for (const path of ['/api/dev/outbox', '/api/dev/outbox?to=a@example.test']) {
      const reply = await server.client().get(path);
      expect(reply.status, path).toBe(404);
      expect(reply.body).toMatchObject({ success: false });
      expect(JSON.stringify(reply.body)).not.toContain('subject');
    }
  });

  it('still serves the API, with HSTS and a Secure, HttpOnly refresh cookie', async () => {
    const health = await server.client().get('/api/health');
    expect(health.status).toBe(200);
    expect(health.headers.get('strict-transport-security')).toMatch(/max-age=\d+/);
    expect(health.headers.get('content-security-policy')).toMatch(/upgrade-insecure-requests/);

    const user = await server.createUser();
    const login = await server.client().post('/api/v1/login', { email: user.email, password });
    expect(login.status).toBe(200);
    const cookie = login.headers.getSetCookie().find((c) => c.startsWith('ml_refresh='));
    expect(cookie).toMatch(/;\s*Secure/i);
    expect(cookie).toMatch(/;\s*HttpOnly/i);
  });

  it('clears the refresh cookie on logout with the attributes it was set with', async () => {
    const user = await server.createUser();
    const client = server.client();
    expect((await client.post('/api/v1/login', { email: user.email, password })).status).toBe(200);
    const reply = await client.post('/api/v1/logout');
    const cleared = reply.headers.getSetCookie().find((c) => c.startsWith('ml_refresh=')) ?? '';
    expect(cleared).toMatch(/^ml_refresh=;/);
    expect(cleared).toMatch(/;\s*Path=\/api/i);
    expect(cleared).toMatch(/;\s*HttpOnly/i);
    expect(cleared).toMatch(/;\s*Secure/i);
    expect(cleared).toMatch(/;\s*SameSite=Strict/i);
    expect(cleared).toMatch(/Expires=Thu, 01 Jan 1970/i);
  });

  it('does not serve the API reference unless API_DOCS turns it on', async () => {
    for (const path of [
      '/api/docs',
      '/api/docs/static/swagger-initializer.js',
      '/api/openapi.json',
      '/api/docs/json',
    ]) {
      const reply = await server.client().get(path);
      expect(reply.status, path).toBe(404);
      expect(reply.body, path).toMatchObject({ success: false, code: 'NOT_FOUND' });
    }
  });
});
