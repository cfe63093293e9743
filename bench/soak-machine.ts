// What the machine does around the soak, per window: the CPU of the whole machine by kind (from
// /proc/stat, with the time a hypervisor gave to other guests: steal), the CPU of PostgreSQL's
// processes on this machine, and a canary (a fixed piece of CPU work timed in this process) that
// slows down only when the machine gives this process less CPU. Together they tell a server that
// does more work per request from a machine that gives everyone less.
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';

export interface MachineWindow {
  /** % of all cores' time in the window, by kind (user + nice + system = busy). */
  busyPct: number;
  iowaitPct: number;
  stealPct: number;
  /** CPU of the PostgreSQL processes on this machine, in % of one core. */
  postgresPct: number;
  /** Median of 5 runs of the canary, in ms (a fixed hash workload). */
  canaryMs: number;
}

interface CpuTimes {
  busy: number;
  iowait: number;
  steal: number;
  total: number;
}

function machineTimes(): CpuTimes {
  const line = readFileSync('/proc/stat', 'utf8').split('\n')[0] ?? '';
  const [user, nice, system, idle, iowait, irq, softirq, steal] = line
    .trim()
    .split(/\s+/)
    .slice(1)
    .map(Number) as number[];
  const busy = (user ?? 0) + (nice ?? 0) + (system ?? 0) + (irq ?? 0) + (softirq ?? 0);
  return {
    busy,
    iowait: iowait ?? 0,
    steal: steal ?? 0,
    total: busy + (idle ?? 0) + (iowait ?? 0) + (steal ?? 0),
  };
}

/** utime + stime in ticks of every process named `postgres`, by pid. */
function postgresTicks(): Map<number, number> {
  const ticks = new Map<number, number>();
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const stat = readFileSync(`/proc/${name}/stat`, 'utf8');
      const command = stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')'));
      if (command !== 'postgres') continue;
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      ticks.set(Number(name), Number(fields[11]) + Number(fields[12]));
    } catch {
      // the process ended between the listing and the read
    }
  }
  return ticks;
}

const canaryInput = Buffer.alloc(64 * 1024, 7);
function canaryMs(): number {
  const runs: number[] = [];
  for (let r = 0; r < 5; r += 1) {
    const start = performance.now();
    for (let i = 0; i < 40; i += 1) createHash('sha256').update(canaryInput).digest();
    runs.push(performance.now() - start);
  }
  runs.sort((a, b) => a - b);
  return Math.round((runs[2] ?? 0) * 100) / 100;
}

/** Call `sample()` at the end of each window; the first call covers the time since creation. */
export function machineSampler(): { sample(): MachineWindow } {
  let times = machineTimes();
  let pgTicks = postgresTicks();
  let at = performance.now();
  return {
    sample() {
      const nowTimes = machineTimes();
      const nowTicks = postgresTicks();
      const nowAt = performance.now();
      const total = Math.max(1, nowTimes.total - times.total);
      let pgUsed = 0;
      // a backend that started in the window counts from zero; one that ended is lost (small)
      for (const [pid, t] of nowTicks) pgUsed += t - (pgTicks.get(pid) ?? 0);
      const seconds = (nowAt - at) / 1000;
      const pct = (part: number) => Math.round((part / total) * 1000) / 10;
      const window: MachineWindow = {
        busyPct: pct(nowTimes.busy - times.busy),
        iowaitPct: pct(nowTimes.iowait - times.iowait),
        stealPct: pct(nowTimes.steal - times.steal),
        postgresPct: Math.round((pgUsed / 100 / seconds) * 100),
        canaryMs: canaryMs(),
      };
      times = nowTimes;
      pgTicks = nowTicks;
      at = nowAt;
      return window;
    },
  };
}
