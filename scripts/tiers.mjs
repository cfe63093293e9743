// The test tiers (README "Tests"): `npm test` runs the `test` tier, `npm run test:full` the `full`
// tier, and .ci/run both. Each stage's minutes are printed as it ends and again at the end; stages
// in one group run at the same time (their lines prefixed with the stage's name). The first stage
// that fails stops the tier, after the rest of its group has ended.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { connect } from 'node:net';

/** Whether something answers on 127.0.0.1:port (PostgreSQL, Redis). */
function answers(port) {
  return new Promise((resolve) => {
    const socket = connect({ host: '127.0.0.1', port });
    const done = (ok) => {
      socket.destroy();
      resolve(ok);
    };
    socket.once('connect', () => done(true));
    socket.once('error', () => done(false));
    socket.setTimeout(2000, () => done(false));
  });
}

/**
 * The API suite once more, on the PostgreSQL server and Redis of the machine when they answer (the
 * embedded database otherwise), with the process in UTC+14, the test users in America/Santiago
 * (whose DST change skips midnight) and every server's clock starting two minutes before that
 * midnight: days must not depend on where or when the suite runs. And 1,000 generated requests a
 * route in the no-5xx property tests (the test tier sends 100).
 */
async function apiAgainEnv() {
  const env = {
    TZ: 'Pacific/Kiritimati',
    TEST_USER_TIMEZONE: 'America/Santiago',
    TEST_CLOCK: '2026-09-06T03:58:00Z',
    PROPERTY_RUNS: process.env.PROPERTY_RUNS_FULL ?? '1000',
  };
  const where = [];
  if (await answers(5432)) {
    env.TEST_DATABASE_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
    where.push('PostgreSQL at 127.0.0.1:5432/test');
    if (await answers(6379)) {
      env.TEST_REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
      where.push('Redis at 127.0.0.1:6379');
    }
  } else where.push('the embedded database (PostgreSQL is not answering on 127.0.0.1:5432)');
  return { env, where: where.join(' and ') };
}

const tiers = {
  test: async () => [
    [
      { name: 'lint and format', command: 'npm run lint' },
      { name: 'typecheck', command: 'npm run typecheck' },
    ],
    [{ name: 'unit and component tests', command: 'npm run test:unit' }],
    [{ name: 'API tests, embedded database', command: 'npm run test:api' }],
    [{ name: 'build', command: 'node scripts/build-if-stale.mjs' }],
    [{ name: 'journeys, smoke set', command: 'npm run test:e2e' }],
  ],
  full: async () => {
    const api = await apiAgainEnv();
    return [
      [{ name: 'build (when stale)', command: 'node scripts/build-if-stale.mjs' }],
      // One after the other: side by side on two cores they took longer together (18 min) than in
      // turn (8 + 8), and the journeys' timing grew flaky under the load (bench/README.md).
      [{ name: 'journeys, the rest', command: 'npm run test:e2e:full' }],
      [{ name: `API tests on ${api.where}`, command: 'npm run test:api', env: api.env }],
    ];
  },
};

const minutes = (ms) => `${(ms / 60_000).toFixed(1)} min`;
const clock = () => new Date().toISOString().slice(11, 19);

function run(stage, prefixed) {
  return new Promise((resolve) => {
    const started = Date.now();
    console.info(`--- ${clock()} ${stage.name}: ${stage.command}`);
    const child = spawn(stage.command, {
      shell: true,
      stdio: prefixed ? ['ignore', 'pipe', 'pipe'] : 'inherit',
      env: { ...process.env, ...stage.env },
    });
    if (prefixed) {
      const tag = `[${stage.name.split(/[ ,]/)[0]}] `;
      for (const stream of [child.stdout, child.stderr]) {
        let rest = '';
        stream.on('data', (chunk) => {
          const lines = (rest + chunk).split('\n');
          rest = lines.pop() ?? '';
          for (const line of lines) process.stdout.write(tag + line + '\n');
        });
        stream.on('end', () => rest && process.stdout.write(tag + rest + '\n'));
      }
    }
    child.on('close', (code) => {
      const ms = Date.now() - started;
      const ok = code === 0;
      console.info(
        `--- ${clock()} ${stage.name}: ${ok ? 'passed' : `FAILED (exit ${code})`} in ${minutes(ms)}`,
      );
      resolve({ stage, ok, ms });
    });
  });
}

const tier = process.argv[2];
if (!tiers[tier]) {
  console.error(`usage: node scripts/tiers.mjs ${Object.keys(tiers).join('|')}`);
  process.exit(2);
}
if (!existsSync('package.json')) process.chdir(new URL('..', import.meta.url).pathname);
const started = Date.now();
const results = [];
let failed = false;
for (const group of await tiers[tier]()) {
  const ended = await Promise.all(group.map((stage) => run(stage, group.length > 1)));
  results.push(...ended);
  if (ended.some((r) => !r.ok)) {
    failed = true;
    break;
  }
}
console.info(
  `\n--- ${clock()} ${tier === 'test' ? 'npm test' : 'npm run test:full'}: ${failed ? 'FAILED' : 'passed'} in ${minutes(Date.now() - started)}`,
);
for (const r of results)
  console.info(`    ${minutes(r.ms).padStart(9)}  ${r.ok ? 'ok    ' : 'FAILED'}  ${r.stage.name}`);
process.exit(failed ? 1 : 0);
