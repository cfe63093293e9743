import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The built server: apps/server/dist, or another bundle of it (`BENCH_SERVER_MAIN`, see build-server.mjs). */
const mainJs = process.env.BENCH_SERVER_MAIN
  ? resolve(process.env.BENCH_SERVER_MAIN)
  : fileURLToPath(new URL('../apps/server/dist/main.js', import.meta.url));
const webDist = fileURLToPath(new URL('../apps/web/dist', import.meta.url));

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

/** Starts the real, built server on its own data directory (and database when given). */
export async function startServer(
  port: number,
  env: Record<string, string> = {},
  existingDataDir?: string,
  options: StartOptions = {},
): Promise<RunningServer> {
  const dataDir = existingDataDir ?? (await mkdtemp(join(tmpdir(), 'mindledger-bench-')));
  const child = spawn(process.execPath, [...(options.nodeArgs ?? []), mainJs], {
    env: {
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
    },
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
