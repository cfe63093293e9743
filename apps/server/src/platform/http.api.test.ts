import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { password, startServer, type TestServer } from '../../test/harness.js';

let server: TestServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(async () => {
  await server.close();
});

interface ErrorReply {
  success: false;
  message: string;
  code: string;
  errors?: { path: string; message: string }[];
}

describe('/api/proxy/v1 answers like /api/v1 (ruling 2)', () => {
  it('logs in and reads me through the proxy path', async () => {
    const user = await server.createUser({ firstName: 'Proxy' });
    const client = server.client();
    const login = await client.post<{ success: boolean; accessToken: string; user: { id: string } }>(
      '/api/proxy/v1/login',
      { email: user.email, password },
    );
    expect(login.status).toBe(200);
    expect(login.body.user.id).toBe(user.id);
    client.token = login.body.accessToken;

    const viaProxy = await client.get<{ user: { id: string; firstName: string } }>('/api/proxy/v1/me');
    const direct = await client.get<{ user: { id: string; firstName: string } }>('/api/v1/me');
    expect(viaProxy.status).toBe(200);
    expect(viaProxy.body).toEqual(direct.body);
    expect(viaProxy.body.user.firstName).toBe('Proxy');

    // The token from the proxy path works on the direct path and the other way round.
    const direct2 = await server.client().post<{ accessToken: string }>('/api/v1/login', {
      email: user.email,
      password,
    });
    const me = await server.client().get('/api/proxy/v1/me', { token: direct2.body.accessToken });
    expect(me.status).toBe(200);
  });

  it('answers the same errors through the proxy path', async () => {
    const direct = await server
      .client()
      .post<ErrorReply>('/api/v1/login', { email: 'x@example.test', password });
    const proxied = await server
      .client()
      .post<ErrorReply>('/api/proxy/v1/login', { email: 'x@example.test', password });
    expect(direct.status).toBe(401);
    expect(proxied.status).toBe(401);
    expect(proxied.body).toEqual(direct.body);
    expect((await server.client().get('/api/proxy/v1/me')).status).toBe(401);
    expect((await server.client().get('/api/proxy/v1/client-config')).status).toBe(200);
  });

  it('rewrites only the exact proxy prefixes', async () => {
    expect((await server.client().get('/api/proxy/v12/client-config')).status).toBe(404);
    expect((await server.client().get('/api/proxyv1/client-config')).status).toBe(404);
  });
});

describe('error answers', () => {
  it('answers unknown /api paths with 404 JSON', async () => {
    for (const [method, path] of [
      ['GET', '/api/nothing-here'],
      ['GET', '/api/v1/does-not-exist'],
      ['POST', '/api/v1/does-not-exist'],
      ['DELETE', '/api/proxy/v1/does-not-exist'],
    ] as const) {
      const reply = await server.client().request<ErrorReply>(method, path);
      expect(reply.status, path).toBe(404);
      expect(reply.headers.get('content-type')).toMatch(/application\/json/);
      expect(reply.body.success).toBe(false);
      expect(reply.body.message).toEqual(expect.any(String));
    }
  });

  it('answers a validation error with errors[] of path and message', async () => {
    const reply = await server.client().post<ErrorReply>('/api/v1/registration', {
      firstName: 'Ada',
      email: 'not-an-email',
      password: 'Analytic@1843',
      confirmPassword: 'Analytic@1843',
    });
    expect(reply.status).toBe(400);
    expect(reply.body.success).toBe(false);
    expect(reply.body.code).toBe('VALIDATION');
    expect(reply.body.errors).toEqual(
      expect.arrayContaining([
        { path: 'lastName', message: 'Last name is required' },
        { path: 'email', message: 'Invalid format' },
      ]),
    );
    expect(reply.body.message).toBe(reply.body.errors?.[0]?.message);
  });

  it('names nested paths with dots', async () => {
    const reply = await server.client().put<ErrorReply>('/api/v1/set-password', {
      data: { activation_token: 't', activation_code: '123456', password: 'weak', confirmPassword: 'weak' },
    });
    expect(reply.status).toBe(400);
    expect(reply.body.errors?.map((e) => e.path)).toContain('data.password');
  });

  it('answers a body that is not JSON with 400', async () => {
    const reply = await server.client().request<ErrorReply>('POST', '/api/v1/login', {
      raw: '{"email": ',
      headers: { 'content-type': 'application/json' },
    });
    expect(reply.status).toBe(400);
    expect(reply.body).toMatchObject({ success: false, message: 'The request body is not valid JSON.' });
  });

  it('answers a body over 512 KB with 413', async () => {
    const big = JSON.stringify({ email: 'a@example.test', password: 'x'.repeat(530 * 1024) });
    const reply = await server.client().request<ErrorReply>('POST', '/api/v1/login', {
      raw: big,
      headers: { 'content-type': 'application/json' },
    });
    expect(reply.status).toBe(413);
    expect(reply.body).toMatchObject({ success: false, code: 'PAYLOAD_TOO_LARGE' });

    // Just under the limit is parsed (and then validated).
    const fits = JSON.stringify({ email: 'a@example.test', password: 'x'.repeat(500 * 1024) });
    const ok = await server.client().request<ErrorReply>('POST', '/api/v1/login', {
      raw: fits,
      headers: { 'content-type': 'application/json' },
    });
    expect(ok.status).toBe(400);
    expect(ok.body.errors?.[0]).toEqual({ path: 'password', message: 'Must not exceed 128 characters' });
  });
});

describe('headers', () => {
  it('sends the security headers', async () => {
    for (const path of ['/api/health', '/api/v1/client-config', '/api/nothing-here']) {
      const { headers } = await server.client().get(path);
      const csp = headers.get('content-security-policy') ?? '';
      expect(csp, path).toMatch(/(^|;)\s*default-src 'self'/);
      expect(csp).toMatch(/frame-ancestors 'none'/);
      expect(csp).toMatch(/object-src 'none'/);
      expect(headers.get('x-content-type-options')).toBe('nosniff');
      expect(headers.get('x-frame-options')).toMatch(/^(DENY|SAMEORIGIN)$/);
      expect(headers.get('x-powered-by')).toBeNull();
    }
  });

  it('echoes a sane x-request-id and makes one up otherwise', async () => {
    const given = 'req-1234abcd-test';
    const echoed = await server.client().get('/api/health', { headers: { 'x-request-id': given } });
    expect(echoed.headers.get('x-request-id')).toBe(given);

    const bad = await server.client().get('/api/health', { headers: { 'x-request-id': 'short' } });
    expect(bad.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
    const evil = await server
      .client()
      .get('/api/health', { headers: { 'x-request-id': 'abcdefgh<script>' } });
    expect(evil.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);

    const none = await server.client().get('/api/v1/me');
    const none2 = await server.client().get('/api/v1/me');
    expect(none.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
    expect(none.headers.get('x-request-id')).not.toBe(none2.headers.get('x-request-id'));
  });

  it('marks API answers cache-control: no-store, errors included', async () => {
    const { client } = await server.signIn();
    for (const reply of [
      await client.get('/api/v1/me'),
      await server.client().get('/api/v1/me'),
      await server.client().get('/api/health'),
      await server.client().get('/api/nothing-here'),
      await server.client().get('/api/proxy/v1/client-config'),
    ]) {
      expect(reply.headers.get('cache-control')).toBe('no-store');
    }
  });
});

describe('public platform routes', () => {
  it('GET /api/health answers ok', async () => {
    const reply = await server.client().get('/api/health');
    expect(reply.status).toBe(200);
    expect(reply.body).toEqual({ status: 'ok' });
  });

  it('GET /api/openapi.json lists the calls', async () => {
    const reply = await server
      .client()
      .get<{ openapi: string; paths: Record<string, Record<string, unknown>> }>('/api/openapi.json');
    expect(reply.status).toBe(200);
    expect(reply.body.openapi).toMatch(/^3\./);
    expect(reply.body.paths['/api/v1/login']).toHaveProperty('post');
    expect(reply.body.paths['/api/v1/getAllUsers']).toHaveProperty('get');
    expect(reply.body.paths['/api/audit-logs']).toHaveProperty('post');
    expect(Object.keys(reply.body.paths)).not.toContain('/api/openapi.json');
  });

  it('serves the API reference outside production (/api/docs and /api/openapi.json)', async () => {
    const docs = await server.client().get('/api/docs');
    expect(docs.status).toBe(200);
    expect(docs.headers.get('content-type')).toMatch(/text\/html/);
    expect((await server.client().get('/api/docs/static/swagger-initializer.js')).status).toBe(200);
  });

  it('GET /api/v1/client-config answers the session timings without a token', async () => {
    const reply = await server
      .client()
      .get<{ success: boolean; sessionTimings: Record<string, number> }>('/api/v1/client-config');
    expect(reply.status).toBe(200);
    expect(reply.body).toEqual({
      success: true,
      sessionTimings: {
        idleMs: 600_000,
        idlePaymentMs: 1_800_000,
        warningMs: 300_000,
        awayLimitMs: 900_000,
        guardMs: 900_000,
        guardWarningMs: 120_000,
        activeMarkerMs: 1_800_000,
      },
    });
  });
});

describe('cross-origin requests (the API is same-origin only)', () => {
  it('refuses a CORS preflight explicitly, with no CORS headers', async () => {
    for (const path of [
      '/api/v1/me',
      '/api/v1/login',
      '/api/proxy/v1/create-mood',
      '/api/audit-logs',
      '/api/nothing',
    ]) {
      const reply = await server.client().request<ErrorReply>('OPTIONS', path, {
        headers: {
          origin: 'https://elsewhere.example',
          'access-control-request-method': 'POST',
          'access-control-request-headers': 'authorization, content-type',
        },
      });
      expect(reply.status, path).toBe(403);
      expect(reply.body, path).toEqual({
        success: false,
        code: 'FORBIDDEN',
        message: 'Cross-origin requests are not allowed: this API answers only its own web app.',
      });
      expect(reply.headers.get('access-control-allow-origin'), path).toBeNull();
      expect(reply.headers.get('access-control-allow-methods'), path).toBeNull();
    }
  });

  it('sends no CORS headers on ordinary answers either', async () => {
    const reply = await server
      .client()
      .get('/api/health', { headers: { origin: 'https://elsewhere.example' } });
    expect(reply.status).toBe(200);
    expect(reply.headers.get('access-control-allow-origin')).toBeNull();
  });
});
