/**
 * The soak's report: per-route p99 of the first and last segment, memory after warm-up and at the
 * end, the verdict, and a hand-written SVG plot (p99 per route and the server's memory over time).
 */
import type { MachineWindow } from './soak-machine.js';

export interface RouteWindow {
  route: string;
  count: number;
  p50: number;
  p99: number;
  max: number;
  /** Answers that are not 2xx/3xx, and network errors (status 0). */
  errors: number;
  /** Every status seen in the window with its count (0 = network error). */
  statuses: Record<string, number>;
}

export interface Sample {
  /** Seconds since the load started, at the end of this window. */
  t: number;
  at: string;
  reqPerSec: number;
  /** Requests the schedule asked for but did not send: the concurrency cap was reached. */
  skipped: number;
  routes: RouteWindow[];
  /** CPU used in the window, in % of one core: the server process and this load generator. */
  cpu?: { serverPct: number; generatorPct: number };
  /** The whole machine in the window (soak-machine.ts): CPU by kind, PostgreSQL's CPU, the canary. */
  machine?: MachineWindow;
  server: {
    rssMb: number;
    heapUsedMb?: number;
    heapTotalMb?: number;
    externalMb?: number;
    /** Event-loop delay in the window, above the probe's 10 ms timer. */
    loopDelayMs?: { mean: number; p50: number; p99: number; max: number };
  };
  pg?: {
    connections: number;
    active: number;
    idleInTransaction: number;
    /** Age in transactions of the oldest snapshot a backend of the database holds. */
    oldestXminAge: number | null;
    journalLive: number;
    journalDead: number;
    autovacuums: number;
    autoanalyzes: number;
    databaseMb: number;
    /** Dead tuples over every table of the database, and the three tables with most. */
    deadAll?: number;
    deadTop?: string;
    /** The soak's own VACUUM (ANALYZE) that ended in this window (autovacuum's stand-in), in ms. */
    vacuumMs?: number;
  };
}

export interface SegmentRow {
  route: string;
  firstCount: number;
  lastCount: number;
  firstP99: number;
  lastP99: number;
  ratio: number | null;
  /** The p90 of each segment and their ratio (what a route with fewer than P99_MIN requests is judged on). */
  firstP90?: number;
  lastP90?: number;
  p90Ratio?: number | null;
  /** Which percentile judged the route: p99 with P99_MIN requests in each segment, else p90. */
  judgedOn?: 'p99' | 'p90';
  errors: number;
  /** Enough requests in both segments to judge the route (MIN_JUDGED each). */
  judged: boolean;
}

export interface SoakSummary {
  segmentSeconds: number;
  warmupSeconds: number;
  rows: SegmentRow[];
  rss: { afterWarmup: number; end: number; max: number; growth: number };
  heap: { afterWarmup: number | null; end: number | null; max: number | null };
  loopDelayP99: { median: number | null; max: number | null };
  pgConnections: { max: number; end: number } | null;
  errors: number;
  requests: number;
  skipped: number;
  verdict: { pass: boolean; reasons: string[] };
}

/** A route's p99 is judged only with at least this many requests in each segment. */
export const MIN_JUDGED = 50;
/**
 * A route's p99 is judged with at least this many requests in each segment; below it the p99 is
 * decided by fewer than ten requests (of 88, it is the slowest one), so one slow request on this
 * 2-core machine shared with PostgreSQL and the generator fails it: such a route is judged on its
 * p90 at the same limit (decision 077).
 */
export const P99_MIN = 1000;
export const P99_LIMIT = 1.5;
export const RSS_LIMIT = 0.1;

export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return 0;
  const index = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[index] ?? 0;
}

const round = (n: number, digits = 1) => Math.round(n * 10 ** digits) / 10 ** digits;

/**
 * First and last segment: 5 minutes each, or a sixth of the run when it is shorter than 30 minutes
 * (whole sample windows). Warm-up: the first 3 minutes, or a quarter of a run shorter than 12.
 * `latencies[w]` holds window w's raw latencies per route, for percentiles over whole segments.
 */
export function summarise(samples: Sample[], latencies: Map<string, number[]>[], sampleSeconds: number) {
  const duration = samples.length * sampleSeconds;
  const segmentSeconds = Math.min(300, duration / 6);
  const k = Math.max(1, Math.round(segmentSeconds / sampleSeconds));
  const warmupSeconds = Math.min(180, duration / 4);
  const warmupIndex = Math.min(samples.length - 1, Math.max(0, Math.ceil(warmupSeconds / sampleSeconds) - 1));
  const first = latencies.slice(0, k);
  const last = latencies.slice(Math.max(0, latencies.length - k));
  const routes = [...new Set(latencies.flatMap((w) => [...w.keys()]))].sort();
  const merged = (windows: Map<string, number[]>[], route: string) =>
    windows.flatMap((w) => w.get(route) ?? []).sort((a, b) => a - b);
  const errorsOf = (route: string) =>
    samples.reduce((n, s) => n + (s.routes.find((r) => r.route === route)?.errors ?? 0), 0);
  const rows: SegmentRow[] = routes.map((route) => {
    const a = merged(first, route);
    const b = merged(last, route);
    const firstP99 = round(percentile(a, 99));
    const lastP99 = round(percentile(b, 99));
    const firstP90 = round(percentile(a, 90));
    const lastP90 = round(percentile(b, 90));
    return {
      route,
      firstCount: a.length,
      lastCount: b.length,
      firstP99,
      lastP99,
      ratio: a.length && b.length && firstP99 > 0 ? round(lastP99 / firstP99, 2) : null,
      firstP90,
      lastP90,
      p90Ratio: a.length && b.length && firstP90 > 0 ? round(lastP90 / firstP90, 2) : null,
      judgedOn: a.length >= P99_MIN && b.length >= P99_MIN ? 'p99' : 'p90',
      errors: errorsOf(route),
      judged: a.length >= MIN_JUDGED && b.length >= MIN_JUDGED,
    };
  });
  const rssAfter = samples[warmupIndex]?.server.rssMb ?? 0;
  const rssEnd = samples.at(-1)?.server.rssMb ?? 0;
  const heaps = samples.map((s) => s.server.heapUsedMb).filter((n): n is number => n !== undefined);
  const delays = samples
    .map((s) => s.server.loopDelayMs?.p99)
    .filter((n): n is number => n !== undefined)
    .sort((a, b) => a - b);
  const pgs = samples.map((s) => s.pg).filter((p) => p !== undefined);
  const errors = rows.reduce((n, r) => n + r.errors, 0);
  const reasons: string[] = [];
  for (const r of rows) {
    if (!r.judged) continue;
    if (r.judgedOn === 'p99' && r.ratio !== null && r.ratio > P99_LIMIT)
      reasons.push(`${r.route}: p99 ${r.firstP99} → ${r.lastP99} ms (${r.ratio}×, limit ${P99_LIMIT}×)`);
    if (r.judgedOn === 'p90' && r.p90Ratio != null && r.p90Ratio > P99_LIMIT)
      reasons.push(`${r.route}: p90 ${r.firstP90} → ${r.lastP90} ms (${r.p90Ratio}×, limit ${P99_LIMIT}×)`);
  }
  const growth = rssAfter > 0 ? rssEnd / rssAfter - 1 : 0;
  if (growth >= RSS_LIMIT)
    reasons.push(`RSS grew ${Math.round(growth * 100)} % after warm-up (${rssAfter} → ${rssEnd} MB)`);
  if (errors > 0) reasons.push(`${errors} errors`);
  const summary: SoakSummary = {
    segmentSeconds: k * sampleSeconds,
    warmupSeconds: (warmupIndex + 1) * sampleSeconds,
    rows,
    rss: {
      afterWarmup: rssAfter,
      end: rssEnd,
      max: Math.max(...samples.map((s) => s.server.rssMb)),
      growth: round(growth, 3),
    },
    heap: {
      afterWarmup: samples[warmupIndex]?.server.heapUsedMb ?? null,
      end: samples.at(-1)?.server.heapUsedMb ?? null,
      max: heaps.length ? Math.max(...heaps) : null,
    },
    loopDelayP99: {
      median: delays.length ? percentile(delays, 50) : null,
      max: delays.length ? (delays.at(-1) ?? null) : null,
    },
    pgConnections: pgs.length
      ? { max: Math.max(...pgs.map((p) => p.connections)), end: pgs.at(-1)?.connections ?? 0 }
      : null,
    errors,
    requests: samples.reduce((n, s) => n + s.routes.reduce((m, r) => m + r.count, 0), 0),
    skipped: samples.reduce((n, s) => n + s.skipped, 0),
    verdict: { pass: reasons.length === 0, reasons },
  };
  return summary;
}

export function summaryTable(label: string, summary: SoakSummary, minutes: number, rate: number): string[] {
  const seg = `${Math.round(summary.segmentSeconds / 6) / 10} min`;
  const mb = (n: number | null) => (n === null ? '–' : `${Math.round(n)}`);
  const lines = [
    `#### ${label}: ${minutes} min at ${rate} req/s`,
    '',
    `${summary.requests.toLocaleString('en')} requests (${summary.skipped} not sent: concurrency cap), ${summary.errors} errors. First and last segment: ${seg} each; warm-up: the first ${Math.round(summary.warmupSeconds / 6) / 10} min. Routes with fewer than ${MIN_JUDGED} requests in a segment are shown, not judged (–); routes with fewer than ${P99_MIN.toLocaleString('en')} are judged on their p90 (p90 column).`,
    '',
    `| route | requests first / last | p99 first (ms) | p99 last (ms) | p99 last / first | p90 first → last (ms) | judged on | errors |`,
    '| --- | ---: | ---: | ---: | ---: | ---: | --- | ---: |',
    ...summary.rows.map(
      (r) =>
        `| ${r.route} | ${r.firstCount} / ${r.lastCount} | ${r.firstP99} | ${r.lastP99} | ${r.ratio !== null ? r.ratio.toFixed(2) : '–'} | ${r.firstP90 ?? '–'} → ${r.lastP90 ?? '–'}${r.p90Ratio != null ? ` (${r.p90Ratio.toFixed(2)})` : ''} | ${r.judged ? (r.judgedOn ?? 'p99') : '–'} | ${r.errors} |`,
    ),
    '',
    '| server | after warm-up | end | max |',
    '| --- | ---: | ---: | ---: |',
    `| RSS (MB) | ${summary.rss.afterWarmup} | ${summary.rss.end} (${summary.rss.growth >= 0 ? '+' : ''}${Math.round(summary.rss.growth * 1000) / 10} %) | ${summary.rss.max} |`,
    `| heap used (MB) | ${mb(summary.heap.afterWarmup)} | ${mb(summary.heap.end)} | ${mb(summary.heap.max)} |`,
    `| event-loop delay p99 per window (ms) | median ${summary.loopDelayP99.median ?? '–'} | | ${summary.loopDelayP99.max ?? '–'} |`,
    ...(summary.pgConnections
      ? [
          `| PostgreSQL connections (this database) | | ${summary.pgConnections.end} | ${summary.pgConnections.max} |`,
        ]
      : []),
    '',
    `**Verdict: ${summary.verdict.pass ? 'PASS' : 'FAIL'}** (no judged route's p99 — p90 below ${P99_MIN.toLocaleString('en')} requests a segment — in the last segment above ${P99_LIMIT}× the first, RSS growth after warm-up < ${RSS_LIMIT * 100} %, no errors)${summary.verdict.reasons.length ? `: ${summary.verdict.reasons.join('; ')}` : ''}.`,
  ];
  return lines;
}

const palette = [
  '#1f77b4',
  '#ff7f0e',
  '#2ca02c',
  '#d62728',
  '#9467bd',
  '#8c564b',
  '#e377c2',
  '#7f7f7f',
  '#bcbd22',
  '#17becf',
  '#393b79',
  '#ad494a',
];
const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/**
 * Two panels sharing the time axis: p99 per route (log scale; the home screen's calls and the
 * routes whose p99 grew most) and the server's RSS and heap used. Plain SVG, no library.
 */
export function soakSvg(
  title: string,
  samples: Sample[],
  homeRoutes: string[],
  summary: SoakSummary,
): string {
  const width = 1000;
  const left = 70;
  const plotRight = 700;
  const top1 = 50;
  const height1 = 300;
  const top2 = top1 + height1 + 70;
  const height2 = 180;
  const total = top2 + height2 + 60;
  const maxT = Math.max(1, ...samples.map((s) => s.t)) / 60;
  const x = (t: number) => left + ((t / 60) * (plotRight - left)) / maxT;
  const worst = summary.rows
    .filter((r) => !homeRoutes.includes(r.route) && r.judged && r.ratio !== null)
    .sort((a, b) => (b.ratio ?? 0) - (a.ratio ?? 0))
    .slice(0, 3)
    .map((r) => r.route);
  const shown = [...homeRoutes.filter((r) => summary.rows.some((x) => x.route === r)), ...worst];
  const p99s = samples.flatMap((s) => s.routes.filter((r) => shown.includes(r.route)).map((r) => r.p99));
  const lo = 1;
  const hiExp = Math.max(1, Math.ceil(Math.log10(Math.max(10, ...p99s))));
  const y1 = (ms: number) => top1 + height1 - (Math.log10(Math.max(lo, ms)) / hiExp) * height1;
  const out: string[] = [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${total}" viewBox="0 0 ${width} ${total}" font-family="sans-serif" font-size="12">`,
    `<rect width="${width}" height="${total}" fill="#fff"/>`,
    `<text x="${left}" y="24" font-size="15" font-weight="bold">${esc(title)}</text>`,
  ];
  const xTicks = (y0: number, h: number) => {
    const step = maxT <= 3 ? 0.5 : maxT <= 12 ? 1 : maxT <= 40 ? 5 : 10;
    for (let m = 0; m <= maxT + 1e-9; m += step) {
      const px = x(m * 60);
      out.push(`<line x1="${px}" y1="${y0}" x2="${px}" y2="${y0 + h}" stroke="#eee"/>`);
      out.push(`<text x="${px}" y="${y0 + h + 16}" text-anchor="middle">${m}</text>`);
    }
    out.push(
      `<text x="${(left + plotRight) / 2}" y="${y0 + h + 34}" text-anchor="middle">minutes since the load started</text>`,
    );
  };
  // panel 1: p99 per route, log scale
  xTicks(top1, height1);
  for (let e = 0; e <= hiExp; e += 1)
    for (const m of [1, 2, 5]) {
      const ms = m * 10 ** e;
      if (ms > 10 ** hiExp) continue;
      const py = y1(ms);
      out.push(
        `<line x1="${left}" y1="${py}" x2="${plotRight}" y2="${py}" stroke="${m === 1 ? '#ddd' : '#f3f3f3'}"/>`,
      );
      out.push(`<text x="${left - 6}" y="${py + 4}" text-anchor="end">${ms}</text>`);
    }
  out.push(
    `<text transform="translate(18 ${top1 + height1 / 2}) rotate(-90)" text-anchor="middle">p99 per ${samples.length > 1 ? `${Math.round(samples[1]!.t - samples[0]!.t)} s window` : 'window'} (ms, log scale)</text>`,
  );
  out.push(
    `<rect x="${left}" y="${top1}" width="${plotRight - left}" height="${height1}" fill="none" stroke="#999"/>`,
  );
  shown.forEach((route, i) => {
    const color = palette[i % palette.length] ?? '#000';
    const points = samples
      .map((s) => ({ t: s.t, r: s.routes.find((r) => r.route === route) }))
      .filter((p) => p.r && p.r.count > 0)
      .map((p) => `${x(p.t).toFixed(1)},${y1(p.r?.p99 ?? lo).toFixed(1)}`);
    const dash = homeRoutes.includes(route) ? '' : ' stroke-dasharray="5 3"';
    out.push(
      `<polyline points="${points.join(' ')}" fill="none" stroke="${color}" stroke-width="1.6"${dash}/>`,
    );
    const ly = top1 + 8 + i * 18;
    out.push(
      `<line x1="${plotRight + 20}" y1="${ly}" x2="${plotRight + 44}" y2="${ly}" stroke="${color}" stroke-width="2"${dash}/>`,
    );
    out.push(`<text x="${plotRight + 50}" y="${ly + 4}">${esc(route)}</text>`);
  });
  const noteY = top1 + 8 + shown.length * 18 + 8;
  out.push(`<text x="${plotRight + 20}" y="${noteY}" fill="#555">solid: the home screen's calls</text>`);
  out.push(
    `<text x="${plotRight + 20}" y="${noteY + 16}" fill="#555">dashed: largest last / first p99</text>`,
  );
  // panel 2: memory
  const mem = samples.flatMap((s) => [s.server.rssMb, s.server.heapUsedMb ?? 0]);
  const maxMb = Math.max(50, ...mem) * 1.1;
  const stepMb = maxMb > 1000 ? 200 : maxMb > 400 ? 100 : 50;
  const y2 = (mbv: number) => top2 + height2 - (mbv / maxMb) * height2;
  xTicks(top2, height2);
  for (let v = 0; v <= maxMb; v += stepMb) {
    out.push(`<line x1="${left}" y1="${y2(v)}" x2="${plotRight}" y2="${y2(v)}" stroke="#eee"/>`);
    out.push(`<text x="${left - 6}" y="${y2(v) + 4}" text-anchor="end">${v}</text>`);
  }
  out.push(
    `<text transform="translate(18 ${top2 + height2 / 2}) rotate(-90)" text-anchor="middle">server memory (MB)</text>`,
  );
  out.push(
    `<rect x="${left}" y="${top2}" width="${plotRight - left}" height="${height2}" fill="none" stroke="#999"/>`,
  );
  const series: [string, string, (s: Sample) => number | undefined][] = [
    ['RSS', '#d62728', (s) => s.server.rssMb],
    ['heap used', '#1f77b4', (s) => s.server.heapUsedMb],
  ];
  series.forEach(([name, color, pick], i) => {
    const points = samples
      .filter((s) => pick(s) !== undefined)
      .map((s) => `${x(s.t).toFixed(1)},${y2(pick(s) ?? 0).toFixed(1)}`);
    out.push(`<polyline points="${points.join(' ')}" fill="none" stroke="${color}" stroke-width="2"/>`);
    const ly = top2 + 8 + i * 18;
    out.push(
      `<line x1="${plotRight + 20}" y1="${ly}" x2="${plotRight + 44}" y2="${ly}" stroke="${color}" stroke-width="2"/>`,
    );
    out.push(`<text x="${plotRight + 50}" y="${ly + 4}">${name}</text>`);
  });
  if (summary.warmupSeconds > 0) {
    const wx = x(summary.warmupSeconds);
    out.push(
      `<line x1="${wx}" y1="${top2}" x2="${wx}" y2="${top2 + height2}" stroke="#777" stroke-dasharray="3 3"/>`,
    );
    out.push(`<text x="${wx + 4}" y="${top2 + 14}" fill="#555">end of warm-up</text>`);
  }
  out.push('</svg>');
  return `${out.join('\n')}\n`;
}
