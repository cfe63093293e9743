import { connect as connectSocket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from '../../test/harness.js';

/**
 * A client that sends less than it announced cannot hold a connection: headers must arrive within
 * HTTP_HEADERS_TIMEOUT_MS, a body within HTTP_BODY_TIMEOUT_MS, an upload's body within
 * HTTP_UPLOAD_TIMEOUT_MS; then the server answers 408 and closes (docs/SECURITY.md, Input). The
 * timeouts are shortened here (production: 20 s, 30 s, 5 min).
 */
const headersMs = 1000;
const bodyMs = 1000;
const uploadMs = 4000;

let server: TestServer;
beforeAll(async () => {
  server = await startServer({
    env: {
      HTTP_HEADERS_TIMEOUT_MS: String(headersMs),
      HTTP_BODY_TIMEOUT_MS: String(bodyMs),
      HTTP_UPLOAD_TIMEOUT_MS: String(uploadMs),
    },
  });
});
afterAll(() => server.close());

interface Exchange {
  /** Everything the server sent before it closed. */
  response: string;
  /** From the last byte the client sent to the close; Infinity when the server never closed. */
  closedAfterMs: number;
}

/** Sends `parts` over a raw socket (waiting `pauseMs` before each after the first), then waits for the close. */
function exchange(parts: (string | Buffer)[], pauseMs = 0, giveUpMs = 10_000): Promise<Exchange> {
  const { port } = new URL(server.url);
  return new Promise((resolve, reject) => {
    const socket = connectSocket(Number(port), '127.0.0.1');
    const received: Buffer[] = [];
    let lastSent = Date.now();
    const giveUp = setTimeout(() => {
      socket.destroy();
      resolve({ response: Buffer.concat(received).toString('latin1'), closedAfterMs: Infinity });
    }, giveUpMs);
    socket.on('data', (chunk) => received.push(chunk));
    socket.on('error', () => undefined);
    socket.on('close', () => {
      clearTimeout(giveUp);
      resolve({ response: Buffer.concat(received).toString('latin1'), closedAfterMs: Date.now() - lastSent });
    });
    socket.on('connect', () => {
      void (async () => {
        for (const [i, part] of parts.entries()) {
          if (i > 0 && pauseMs > 0) await new Promise((r) => setTimeout(r, pauseMs));
          if (socket.destroyed) return;
          socket.write(part);
          lastSent = Date.now();
        }
      })().catch(reject);
    });
  });
}

const slack = 2500;

describe('slow clients', () => {
  it('answers 408 and closes when a JSON body stops short of its Content-Length', async () => {
    const started = Date.now();
    const { response, closedAfterMs } = await exchange([
      'POST /api/v1/login HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: 200\r\n\r\n{"email":"a',
    ]);
    expect(response).toMatch(/^HTTP\/1\.1 408 /);
    expect(response).toMatch(/connection: close/i);
    expect(closedAfterMs).toBeLessThan(bodyMs + slack);
    expect(Date.now() - started).toBeGreaterThanOrEqual(bodyMs - 50);
  });

  it('closes a connection whose headers never end', async () => {
    const { response, closedAfterMs } = await exchange(['GET /api/health HTTP/1.1\r\nHost: localhost\r\n']);
    expect(closedAfterMs).toBeLessThan(headersMs + slack);
    expect(response === '' || /^HTTP\/1\.1 408 /.test(response)).toBe(true);
  });

  it('closes a connection whose body stops, on any route (an unknown one, a GET with a body)', async () => {
    for (const head of [
      'POST /api/v1/no-such-route HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: 50\r\n\r\n{',
      'GET /api/health HTTP/1.1\r\nHost: localhost\r\nContent-Length: 50\r\n\r\nab',
    ]) {
      const { closedAfterMs } = await exchange([head]);
      expect(closedAfterMs, head).toBeLessThan(bodyMs + slack);
    }
  });

  it('gives an upload longer than a body, until HTTP_UPLOAD_TIMEOUT_MS', async () => {
    const { client } = await server.signIn();
    // A 1×1 transparent PNG.
    const png = Buffer.from(
      'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
      'base64',
    );
    const boundary = 'ml-boundary-7f3a';
    const body = Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="avatar"; filename="me.png"\r\nContent-Type: image/png\r\n\r\n`,
      ),
      png,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const head = (length: number) =>
      `PUT /api/v1/update-user-avatar HTTP/1.1\r\nHost: localhost\r\nAuthorization: Bearer ${client.token}\r\nContent-Type: multipart/form-data; boundary=${boundary}\r\nContent-Length: ${length}\r\nConnection: close\r\n\r\n`;
    const third = Math.ceil(body.length / 3);
    // three pieces 800 ms apart: 1.6 s in all, longer than a body may take, within the upload's time
    const slow = await exchange(
      [head(body.length), body.subarray(0, third), body.subarray(third, 2 * third), body.subarray(2 * third)],
      800,
    );
    expect(slow.response).toMatch(/^HTTP\/1\.1 200 /);
    expect(slow.response).toContain('Profile picture updated successfully.');

    // the same upload stopping short: answered and closed once the upload's time is up
    const started = Date.now();
    const stalled = await exchange([head(body.length + 100), body.subarray(0, third)]);
    expect(stalled.closedAfterMs).toBeLessThan(uploadMs + slack);
    expect(Date.now() - started).toBeGreaterThanOrEqual(uploadMs - 50);
    expect(stalled.response === '' || /^HTTP\/1\.1 408 /.test(stalled.response)).toBe(true);
  });

  it('still serves ordinary requests and uploads at once', async () => {
    const { client } = await server.signIn();
    expect((await client.get('/api/health')).status).toBe(200);
    const form = new FormData();
    form.append(
      'avatar',
      new Blob(
        [
          Buffer.from(
            'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
            'base64',
          ),
        ],
        { type: 'image/png' },
      ),
      'me.png',
    );
    expect((await client.request('PUT', '/api/v1/update-user-avatar', { raw: form })).status).toBe(200);
  });
});
