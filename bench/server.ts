import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';

/** The built server: apps/server/dist, or another bundle of it (`BENCH_SERVER_MAIN`, see build-server.mjs). */
const mainJs = process.env.BENCH_SERVER_MAIN
  ? resolve(process.env.BENCH_SERVER_MAIN)
  : fileURLToPath(new URL('../apps/server/dist/main.js', import.meta.url));
const webDist = fileURLToPath(new URL('../apps/web/dist', import.meta.url));
/** The built job worker (`src/worker.ts`, bundled beside main.js by apps/server/build.mjs). */
const workerJs = join(dirname(mainJs), 'worker.js');

export interface RunningServer {
  url: string;
  pid: number;
  /** The server process (its IPC channel when started with `ipc`). */
  child: ChildProcess;
  rssMb(): number;
  stop(): Promise<void>;
}

export interface StartOptions {
  /** Node options before main.js, e.g. `['--import', probeUrl]`. */
  nodeArgs?: string[];
  /** An IPC channel to the server process (`child.send`, `process.send` in a probe). */
  ipc?: boolean;
  /** Leave the data directory in place on stop (a restart on the same data follows). */
  keepDataDir?: boolean;
}

/** Resident memory of a process in MB, from /proc. */
export function rssOf(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
  return Math.round(kb / 1024);
}

async function waitForHealth(url: string, child: ChildProcess): Promise<void> {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    try {
      const response = await fetch(`${url}/api/health`);
      if (response.ok) return;
    } catch {
      /* not up yet */
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error('server did not start');
}

/** The environment the bench gives the server (and its worker: the same, so the same JWT secret and files). */
function serverEnv(port: number, dataDir: string, env: Record<string, string>): NodeJS.ProcessEnv {
  return {
    ...process.env,
    NODE_ENV: 'development',
    DATA_DIR: dataDir,
    PORT: String(port),
    HOST: '127.0.0.1',
    LOG_LEVEL: 'warn',
    WEB_DIST: webDist,
    // The benchmark measures the request path, not the limiter refusing one client's flood.
    RATE_LIMIT_PER_MINUTE: '100000000',
    RATE_LIMIT_PER_SECOND: '100000000',
    RATE_LIMIT_AUTH_PER_10_MINUTES: '100000000',
    ...env,
  };
}

/** Starts the real, built server on its own data directory (and database when given). */
export async function startServer(
  port: number,
  env: Record<string, string> = {},
  existingDataDir?: string,
  options: StartOptions = {},
): Promise<RunningServer> {
  const dataDir = existingDataDir ?? (await mkdtemp(join(tmpdir(), 'mindledger-bench-')));
  const child = spawn(process.execPath, [...(options.nodeArgs ?? []), mainJs], {
    env: serverEnv(port, dataDir, env),
    stdio: options.ipc ? ['ignore', 'inherit', 'inherit', 'ipc'] : ['ignore', 'inherit', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  await waitForHealth(url, child);
  return {
    url,
    pid: child.pid ?? 0,
    child,
    rssMb: () => rssOf(child.pid ?? 0),
    async stop() {
      if (child.exitCode === null && child.signalCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        // an open IPC channel would keep the server's event loop alive after it closed
        if (child.connected) child.disconnect();
        child.kill('SIGTERM');
        await exited;
      }
      if (!options.keepDataDir) await rm(dataDir, { recursive: true, force: true });
    },
  };
}

export interface RunningWorker {
  pid: number;
  /** The worker process (its IPC channel when started with `ipc`). */
  child: ChildProcess;
  stop(): Promise<void>;
}

/**
 * Starts the built job worker (`node apps/server/dist/worker.js`, beside BENCH_SERVER_MAIN when set)
 * with the environment a server on `port` and `dataDir` gets (give it the same `env`: DATABASE_URL,
 * JOBS_IN_PROCESS=false); resolves once it logs 'worker started' (its queues polled). Its log at
 * info level goes through a pipe: the lines above info are passed on to stderr.
 */
export async function startWorker(
  port: number,
  env: Record<string, string>,
  dataDir: string,
  options: Pick<StartOptions, 'nodeArgs' | 'ipc'> = {},
): Promise<RunningWorker> {
  const child = spawn(process.execPath, [...(options.nodeArgs ?? []), workerJs], {
    env: { ...serverEnv(port, dataDir, env), LOG_LEVEL: 'info' },
    stdio: options.ipc ? ['ignore', 'pipe', 'inherit', 'ipc'] : ['ignore', 'pipe', 'inherit'],
  });
  // whatever happens to the bench, the worker does not outlive it
  const kill = () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  };
  process.once('exit', kill);
  const started = new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('the worker did not start within 60 s')), 60_000);
    child.once('exit', (code, signal) => {
      clearTimeout(timer);
      reject(new Error(`the worker exited with ${code ?? signal}`));
    });
    createInterface({ input: child.stdout! }).on('line', (line) => {
      let entry: { level?: number; msg?: string } = {};
      try {
        entry = JSON.parse(line) as typeof entry;
      } catch {
        console.error(`[worker] ${line}`);
        return;
      }
      if (entry.msg === 'worker started') {
        clearTimeout(timer);
        resolve();
      } else if ((entry.level ?? 0) > 30) console.error(`[worker] ${line}`);
    });
  });
  try {
    await started;
  } catch (error) {
    kill();
    throw error;
  }
  return {
    pid: child.pid ?? 0,
    child,
    async stop() {
      process.off('exit', kill);
      if (child.exitCode === null && child.signalCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        if (child.connected) child.disconnect();
        child.kill('SIGTERM');
        // the worker shuts down with grace within 10 s; past 15 s it is killed
        const timer = setTimeout(kill, 15_000);
        await exited;
        clearTimeout(timer);
      }
    },
  };
}
