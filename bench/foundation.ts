import { CONNECTIONS, login, measure, table, type Row } from './lib.js';
import type { RunningServer } from './server.js';

/** GET me, GET refresh and the bare health route, with idle and loaded RSS. */
export async function benchFoundation(database: string, server: RunningServer) {
  await new Promise((resolve) => setTimeout(resolve, 2000));
  const idleRss = server.rssMb();
  let loadedRss = idleRss;
  const sample = () => {
    loadedRss = Math.max(loadedRss, server.rssMb());
  };
  const { token } = await login(server.url, 'patient@demo.local');
  // One session per connection; each connection keeps the rotated cookie it is given.
  const cookies: string[] = [];
  for (let i = 0; i < CONNECTIONS; i += 1)
    cookies.push((await login(server.url, 'patient@demo.local')).cookie);
  let next = 0;

  const rows: Row[] = [];
  rows.push(await measure(database, 'GET /api/health', { url: `${server.url}/api/health` }, sample));
  rows.push(
    await measure(
      database,
      'GET /api/v1/me',
      { url: `${server.url}/api/v1/me`, headers: { authorization: `Bearer ${token}` } },
      sample,
    ),
  );
  rows.push(
    await measure(
      database,
      'GET /api/v1/refresh',
      {
        url: server.url,
        requests: [
          {
            method: 'GET',
            path: '/api/v1/refresh',
            setupRequest: (request, context) => {
              const ctx = context as { cookie?: string };
              ctx.cookie ??= cookies[next++ % cookies.length];
              return { ...request, headers: { ...request.headers, cookie: ctx.cookie ?? '' } };
            },
            onResponse: (_status, _body, context, headers) => {
              const raw = (headers as Record<string, string | string[] | undefined>)['set-cookie'];
              const line = Array.isArray(raw) ? raw[0] : raw;
              if (line) (context as { cookie?: string }).cookie = line.split(';')[0];
            },
          },
        ],
      },
      sample,
    ),
  );
  const health = rows[0]?.reqPerSec ?? 1;
  const me = rows[1]?.reqPerSec ?? 0;
  return { rows, idleRss, loadedRss, ratio: Math.round((me / health) * 100) / 100 };
}

export function foundationReport(
  results: Record<string, Awaited<ReturnType<typeof benchFoundation>>>,
): string[] {
  return [
    '### Foundation',
    '',
    ...table(Object.values(results).flatMap((r) => r.rows)),
    '',
    '| database | me / health | idle RSS (MB) | loaded RSS (MB) |',
    '| --- | ---: | ---: | ---: |',
    ...Object.entries(results).map(([key, r]) => `| ${key} | ${r.ratio} | ${r.idleRss} | ${r.loadedRss} |`),
  ];
}
