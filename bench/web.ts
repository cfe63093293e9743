import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { cpus, loadavg, tmpdir, totalmem } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import {
  chromium,
  devices,
  type Browser,
  type BrowserContext,
  type CDPSession,
  type Page,
} from 'playwright-core';
import { startServer } from './server.js';

/**
 * Web first paint (issue 18): the built web app served by the built server (embedded database, a
 * fresh data directory, demo accounts), opened in Debian's chromium through playwright-core with a
 * cold cache every time (a new browser context per measurement, service workers blocked, the HTTP
 * cache disabled over CDP, 4× CPU throttling). For each page and viewport, WEB_RUNS runs, the pages
 * taken in turn: FCP, LCP (the last candidate once none came for SETTLE_MS), total blocking time
 * after FCP, the scripts the page loads (count, bytes as sent, each body gzipped as
 * e2e/tests/performance.spec.ts counts it) and the time to the page's main heading. Then one traced
 * run per page and viewport (not in the figures) splits the main thread's time up to LCP into
 * script compile, script execution, style and layout, paint, garbage collection and idle.
 */
export const WEB_RUNS = Number(process.env.BENCH_WEB_RUNS ?? 5);
/** 4× CPU slowdown (Emulation.setCPUThrottlingRate), as Lighthouse's mobile preset. */
export const CPU_THROTTLE = Number(process.env.BENCH_WEB_CPU_THROTTLE ?? 4);
/** The page has settled once no LCP candidate and no script arrived for this long (and its heading shows). */
const SETTLE_MS = 2000;
const SETTLE_TIMEOUT_MS = 30_000;
const POLL_MS = 500;
/** Targets of issue 18. */
export const LCP_TARGET_MS = 1500;
export const HOME_JS_TARGET_KB = 150;

/** The browser's time zone: the demo accounts' profile zone (apps/server/src/seed.ts). */
const TIMEZONE = process.env.BENCH_WEB_TIMEZONE ?? 'America/Denver';
const CHROMIUM = process.env.BENCH_CHROMIUM ?? '/usr/bin/chromium';
const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  // as the e2e config: no background fetches of the browser's own competing with the page
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export interface Viewport {
  key: string;
  width: number;
  height: number;
  mobile: boolean;
}
const VIEWPORTS: Viewport[] = [
  { key: '375', width: 375, height: 812, mobile: true },
  { key: '1280', width: 1280, height: 800, mobile: false },
];

interface Account {
  email: string;
  loginPath: string;
  landing: RegExp;
}
const PATIENT: Account = {
  email: 'patient@demo.local',
  loginPath: '/auth/login/client',
  landing: /\/user\/home$/,
};
const PROVIDER: Account = {
  email: 'provider@demo.local',
  loginPath: '/auth/login',
  landing: /\/provider\/dashboard$/,
};

export interface WebPage {
  path: string;
  label: string;
  /** The page's h1 once it shows what the page is about. */
  heading: string;
  account?: Account;
}
export const WEB_PAGES: WebPage[] = [
  { path: '/auth/login/client', label: 'login (signed out)', heading: 'Client Login' },
  { path: '/user/home', label: 'client home', heading: 'Welcome, Maya', account: PATIENT },
  {
    path: '/user/journaling-feature',
    label: 'journaling (client)',
    heading: 'New journal entry',
    account: PATIENT,
  },
  { path: '/provider/dashboard', label: 'provider dashboard', heading: 'Welcome, Daniel', account: PROVIDER },
];

export interface Script {
  path: string;
  encoding: string;
  /** Bytes on the wire as Chromium counted them: headers and the (br/gzip) body. */
  transferred: number;
  /** The body as sent: the .br or .gz file the server sent, or the file itself. */
  encodedBody: number;
  /** The file gzipped at zlib's default level, as e2e/tests/performance.spec.ts counts it. */
  gzip: number;
  raw: number;
  /** ms after navigation start: request sent, last byte received. */
  start: number;
  end: number;
}

export interface WebRun {
  fcp: number | null;
  lcp: number | null;
  lcpElement: string;
  heading: number | null;
  tbt: number;
  /** Every long task from navigation start to settled: count and summed duration. */
  longTasks: number;
  longTaskMs: number;
  /** Long tasks up to LCP: summed duration (the main thread blocked before the largest paint). */
  longTaskMsBeforeLcp: number;
  scripts: Script[];
  api: { path: string; start: number; end: number }[];
  /** CDP Performance.getMetrics at settled, ms (throttled time): ScriptDuration, LayoutDuration, TaskDuration… */
  metrics: Record<string, number>;
  settledAt: number;
  timedOut: boolean;
  /** Cores other processes than the bench's own kept busy during the run (from /proc). */
  foreignCores: number;
}

export interface TraceBreakdown {
  lcp: number;
  /** ms of the renderer main thread from navigation start to LCP, by kind. */
  kinds: Record<string, number>;
  idle: number;
}

export interface WebResult {
  page: WebPage;
  viewport: Viewport;
  runs: WebRun[];
  trace: TraceBreakdown | null;
}

export interface WebBench {
  results: WebResult[];
  chromiumVersion: string;
  loads: number[];
  commit: string;
  appsDirty: boolean;
  webDist: string;
  startedAt: string;
  sameContext: boolean;
  /** Runs measured again because other processes were busy meanwhile. */
  discarded: number;
  /** speedProbe() before and after the runs, ms. */
  probes: number[];
}

/**
 * In the page before any of its scripts: paint, LCP and long-task observers, and the frame that
 * first lays out the page's h1 with the expected text in the viewport. Plain JavaScript: bench/
 * type-checks without the DOM library.
 */
function initScript(heading: string): string {
  return `(() => {
  if (window.__bench) return;
  const perf = { fcp: null, lcp: [], lastLcpAt: 0, longTasks: [], heading: null };
  window.__bench = perf;
  const observe = (type, onEntry) => {
    try {
      new PerformanceObserver((list) => list.getEntries().forEach(onEntry)).observe({ type, buffered: true });
    } catch (e) {}
  };
  observe('paint', (e) => { if (e.name === 'first-contentful-paint') perf.fcp = e.startTime; });
  observe('largest-contentful-paint', (e) => {
    const el = e.element;
    perf.lcp.push({ t: e.startTime, size: e.size, el: el ? el.tagName.toLowerCase() + (el.textContent ? ' "' + el.textContent.trim().slice(0, 40) + '"' : '') : e.url || '?' });
    perf.lastLcpAt = performance.now();
  });
  observe('longtask', (e) => perf.longTasks.push([e.startTime, e.duration]));
  // The h1 is found by its text on DOM changes (no layout forced: reading a box here would lay the
  // page out in the middle of React's work); an IntersectionObserver then gives the time of the
  // first frame that laid it out with a box in the viewport (entry.time), the frame that paints it.
  const wanted = ${JSON.stringify(heading)};
  const seen = new IntersectionObserver((entries) => {
    for (const e of entries) {
      if (perf.heading !== null || !e.isIntersecting || e.boundingClientRect.height === 0) continue;
      perf.heading = e.time;
      seen.disconnect();
    }
  });
  const check = () => {
    for (const h of document.querySelectorAll('h1')) {
      if (h.textContent.trim() !== wanted) continue;
      seen.observe(h);
      observer.disconnect();
      return;
    }
  };
  const observer = new MutationObserver(check);
  observer.observe(document, { childList: true, subtree: true, characterData: true });
})();`;
}

interface PagePerf {
  fcp: number | null;
  lcp: { t: number; size: number; el: string }[];
  lastLcpAt: number;
  longTasks: [number, number][];
  heading: number | null;
}

/** Total blocking time after FCP: each long task's part after FCP beyond 50 ms (Lighthouse's clipping). */
export function totalBlockingTime(longTasks: [number, number][], fcp: number, until = Infinity): number {
  let total = 0;
  for (const [start, duration] of longTasks) {
    const end = Math.min(start + duration, until);
    if (end <= fcp) continue;
    total += Math.max(0, end - Math.max(start, fcp) - 50);
  }
  return total;
}

async function signIn(context: BrowserContext, url: string, account: Account): Promise<void> {
  const page = await context.newPage();
  await page.goto(`${url}${account.loginPath}`);
  await page.getByLabel('Email').fill(account.email);
  await page.getByLabel('Password', { exact: true }).fill('Demo@1234');
  await page.getByRole('button', { name: 'Log in' }).click();
  await page.waitForURL(account.landing, { timeout: 30_000 });
  await page.close();
}

function contextOptions(viewport: Viewport) {
  return {
    viewport: { width: viewport.width, height: viewport.height },
    // as the e2e 'mobile' project: a phone's viewport, touch and user agent at device scale 1
    ...(viewport.mobile ? { isMobile: true, hasTouch: true, userAgent: devices['Pixel 5']!.userAgent } : {}),
    serviceWorkers: 'block' as const,
    // the demo accounts' zone: a device in another zone than the profile's shows the time-zone
    // notice on the home, which is not the first paint most clients see
    timezoneId: TIMEZONE,
  };
}

/** The file behind a script's URL in the build, with its compressed twins. */
function fileSizes(webDist: string, path: string, encoding: string) {
  const file = join(webDist, decodeURIComponent(path));
  if (!existsSync(file)) return { raw: 0, gzip: 0, encodedBody: 0 };
  const body = readFileSync(file);
  const twin = encoding === 'br' ? `${file}.br` : encoding === 'gzip' ? `${file}.gz` : file;
  return {
    raw: body.length,
    gzip: gzipSync(body).length,
    encodedBody: existsSync(twin) ? statSync(twin).size : body.length,
  };
}

interface Network {
  scripts: Map<string, { path: string; encoding: string; start: number; end: number; transferred: number }>;
  api: Map<string, { path: string; start: number; end: number }>;
  lastScriptAt: number;
  navStart: number | null;
}

/** Records the measured page's requests from CDP Network events (timestamps in s, monotonic). */
function watchNetwork(cdp: CDPSession): Network {
  const net: Network = { scripts: new Map(), api: new Map(), lastScriptAt: Date.now(), navStart: null };
  const starts = new Map<string, { path: string; t: number }>();
  cdp.on('Network.requestWillBeSent', (e) => {
    const path = new URL(e.request.url).pathname;
    if (net.navStart === null && e.type === 'Document') net.navStart = e.timestamp;
    starts.set(e.requestId, { path, t: e.timestamp });
    if (path.endsWith('.js')) net.lastScriptAt = Date.now();
  });
  cdp.on('Network.responseReceived', (e) => {
    const start = starts.get(e.requestId);
    if (!start || net.navStart === null) return;
    const rel = (start.t - net.navStart) * 1000;
    if (start.path.endsWith('.js')) {
      const headers = Object.fromEntries(
        Object.entries(e.response.headers).map(([k, v]) => [k.toLowerCase(), v]),
      );
      net.scripts.set(e.requestId, {
        path: start.path,
        encoding: String(headers['content-encoding'] ?? 'identity'),
        start: rel,
        end: rel,
        transferred: 0,
      });
    } else if (start.path.startsWith('/api/'))
      net.api.set(e.requestId, { path: start.path, start: rel, end: rel });
  });
  cdp.on('Network.loadingFinished', (e) => {
    if (net.navStart === null) return;
    const end = (e.timestamp - net.navStart) * 1000;
    const script = net.scripts.get(e.requestId);
    if (script) {
      script.end = end;
      script.transferred = e.encodedDataLength;
      net.lastScriptAt = Date.now();
    }
    const api = net.api.get(e.requestId);
    if (api) api.end = end;
  });
  return net;
}

const TRACE_CATEGORIES = [
  'devtools.timeline',
  'disabled-by-default-devtools.timeline',
  'v8',
  'v8.execute',
  'blink.user_timing',
  'loading',
  'toplevel',
  'disabled-by-default-v8.gc',
  'disabled-by-default-v8.compile',
];

/** One measurement: a fresh context (signed in first when the page needs it), the page opened cold. */
async function measure(
  browser: Browser,
  url: string,
  webDist: string,
  page: WebPage,
  viewport: Viewport,
  sameContext: boolean,
  trace: boolean,
): Promise<{ run: WebRun; trace: TraceBreakdown | null }> {
  let context = await browser.newContext(contextOptions(viewport));
  try {
    if (page.account) {
      await signIn(context, url, page.account);
      if (!sameContext) {
        // the refresh cookie and the session hint (localStorage) carried into a context of its own:
        // nothing of the sign-in page's renderer or caches is left for the measured page
        const state = await context.storageState();
        await context.close();
        context = await browser.newContext({ ...contextOptions(viewport), storageState: state });
      }
    }
    const tab: Page = await context.newPage();
    await tab.addInitScript(initScript(page.heading));
    const cdp = await context.newCDPSession(tab);
    await cdp.send('Network.enable');
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
    await cdp.send('Performance.enable', { timeDomain: 'timeTicks' });
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_THROTTLE });
    const net = watchNetwork(cdp);
    if (trace)
      await browser.startTracing(tab, {
        // BENCH_WEB_PROFILE=1: with the JavaScript sampling profiler (which functions ran), for a trace kept
        categories: [
          ...TRACE_CATEGORIES,
          ...(process.env.BENCH_WEB_PROFILE === '1' ? ['disabled-by-default-v8.cpu_profiler'] : []),
        ],
      });
    const started = Date.now();
    await tab.goto(`${url}${page.path}`, { waitUntil: 'commit' });
    let perf: PagePerf | null = null;
    let timedOut = false;
    for (;;) {
      await new Promise((resolve) => setTimeout(resolve, POLL_MS));
      const sample = JSON.parse(
        String(
          await tab.evaluate('JSON.stringify({ perf: window.__bench || null, now: performance.now() })'),
        ),
      ) as { perf: PagePerf | null; now: number };
      perf = sample.perf;
      const now = Date.now();
      const quietScripts = now - net.lastScriptAt >= SETTLE_MS;
      const quietLcp = perf !== null && perf.lcp.length > 0 && sample.now - perf.lastLcpAt >= SETTLE_MS;
      if (perf && perf.heading !== null && quietScripts && quietLcp) break;
      if (now - started > SETTLE_TIMEOUT_MS) {
        timedOut = true;
        break;
      }
    }
    const settledAt = Date.now() - started;
    const metricsList = (await cdp.send('Performance.getMetrics')).metrics;
    const metrics: Record<string, number> = {};
    for (const m of metricsList)
      metrics[m.name] = /Duration$/.test(m.name) ? Math.round(m.value * 1000) : m.value;
    let breakdown: TraceBreakdown | null = null;
    const fcp = perf?.fcp ?? null;
    const lcpEntry = perf?.lcp.at(-1);
    const lcp = lcpEntry?.t ?? null;
    if (trace) {
      const buffer = await browser.stopTracing();
      // BENCH_WEB_TRACE_DIR: the traces kept, for chrome://tracing or the DevTools Performance panel
      if (process.env.BENCH_WEB_TRACE_DIR)
        writeFileSync(
          join(process.env.BENCH_WEB_TRACE_DIR, `web-${viewport.key}${page.path.replaceAll('/', '-')}.json`),
          buffer,
        );
      breakdown = lcp === null ? null : traceBreakdown(buffer, page.path, lcp);
    }
    const longTasks = perf?.longTasks ?? [];
    const run: WebRun = {
      fcp,
      lcp,
      lcpElement: lcpEntry?.el ?? '',
      heading: perf?.heading ?? null,
      tbt: fcp === null ? 0 : totalBlockingTime(longTasks, fcp),
      longTasks: longTasks.length,
      longTaskMs: longTasks.reduce((sum, [, d]) => sum + d, 0),
      longTaskMsBeforeLcp: longTasks.reduce(
        (sum, [s, d]) => sum + Math.max(0, Math.min(s + d, lcp ?? Infinity) - s),
        0,
      ),
      scripts: [...net.scripts.values()].map((s) => ({ ...s, ...fileSizes(webDist, s.path, s.encoding) })),
      api: [...net.api.values()],
      metrics,
      settledAt,
      timedOut,
      foreignCores: 0,
    };
    return { run, trace: breakdown };
  } finally {
    await context.close();
  }
}

interface TraceEvent {
  name: string;
  ph: string;
  ts: number;
  dur?: number;
  pid: number;
  tid: number;
  cat: string;
  args?: { data?: { documentLoaderURL?: string; url?: string; isMainFrame?: boolean }; name?: string };
}

/** What a trace event's own time counts as (DevTools' grouping, coarser). */
const KINDS: [string, RegExp][] = [
  // V8's parser and compilers on the main thread: top-level and lazy function compiles (the
  // disabled-by-default-v8.compile category), optimizing compiles' finalization
  [
    'script parse and compile',
    /^(v8\.compile|v8\.compileModule|V8\.Compile|V8\.Parse|V8\.PreParse|V8\.CollectSourcePositions|V8\.Maglev|V8\.Turbofan|V8\.Optimize|FlushInstructionCache|v8\.produce|CompileScript|v8\.parseOnBackground|v8\.deserializeOnBackground)/,
  ],
  ['garbage collection', /^(MajorGC|MinorGC|V8\.GC|BlinkGC|ThreadState::|CppGC)/],
  [
    'script execution',
    /^(EvaluateScript|v8\.evaluateModule|FunctionCall|TimerFire|EventDispatch|RunMicrotasks|BlinkScheduler_PerformMicrotaskCheckpoint|FireAnimationFrame|FireIdleCallback|XHRReadyStateChange|XHRLoad|v8\.run|v8\.callFunction|V8\.Execute|V8\.BytecodeBudgetInterrupt|HandlePostMessage|v8\.newInstance)/,
  ],
  [
    'style',
    /^(UpdateLayoutTree|RecalculateStyles|ParseAuthorStyleSheet|InvalidateLayout|ScheduleStyleRecalculation)/,
  ],
  ['layout', /^(Layout|UpdateLayerTree|HitTest)$/],
  [
    'paint and composite',
    /^(Paint|PrePaint|Layerize|Commit|CompositeLayers|RasterTask|PaintImage|Decode|UpdateLayer)/,
  ],
  [
    'HTML and loading',
    /^(ParseHTML|HTMLDocumentParser|DocumentLoader|DecodedDataDocumentParser|DocumentModuleScriptFetcher|ResourceFetcher|ResourceLoader|BeginRemoteFontLoad)/,
  ],
];
export const TRACE_KINDS = [...KINDS.map(([kind]) => kind), 'other'];
function kindOf(name: string): string {
  return KINDS.find(([, pattern]) => pattern.test(name))?.[0] ?? 'other';
}

/**
 * The renderer main thread of the measured document, from navigation start to LCP: each complete
 * event's own time (its duration less its children's) by kind, and the time no task ran (idle:
 * waiting for the network or the API).
 */
export function traceBreakdown(buffer: Buffer, path: string, lcp: number): TraceBreakdown | null {
  const parsed = JSON.parse(buffer.toString('utf8')) as { traceEvents?: TraceEvent[] } | TraceEvent[];
  const events = Array.isArray(parsed) ? parsed : (parsed.traceEvents ?? []);
  const navigation = events
    .filter((e) => e.name === 'navigationStart' && (e.args?.data?.documentLoaderURL ?? '').includes(path))
    .at(-1);
  if (!navigation) return null;
  const { pid, tid } = navigation;
  const t0 = navigation.ts;
  const t1 = t0 + lcp * 1000;
  const complete = events
    .filter((e) => e.pid === pid && e.tid === tid && e.ph === 'X' && e.dur !== undefined)
    .filter((e) => e.ts < t1 && e.ts + (e.dur ?? 0) > t0)
    .sort((a, b) => a.ts - b.ts || (b.dur ?? 0) - (a.dur ?? 0));
  const kinds: Record<string, number> = {};
  const clip = (start: number, end: number) => Math.max(0, Math.min(end, t1) - Math.max(start, t0));
  // a stack of open events; each event's own time = its clipped span less its children's
  const stack: { end: number; kind: string; own: number }[] = [];
  const close = (until: number) => {
    while (stack.length && stack.at(-1)!.end <= until) {
      const done = stack.pop()!;
      kinds[done.kind] = (kinds[done.kind] ?? 0) + done.own;
    }
  };
  let busy = 0;
  for (const e of complete) {
    const end = e.ts + (e.dur ?? 0);
    close(e.ts);
    const span = clip(e.ts, end);
    const parent = stack.at(-1);
    if (parent) parent.own -= span;
    else busy += span;
    // a top-level task counts its own time as 'other'; its children say what it did
    stack.push({ end, kind: parent ? kindOf(e.name) : 'other', own: span });
  }
  close(Infinity);
  const total = lcp * 1000;
  for (const k of Object.keys(kinds)) kinds[k] = Math.round(kinds[k]! / 1000);
  return { lcp, kinds, idle: Math.round((total - busy) / 1000) };
}

/** The built web app to serve: BENCH_WEB_DIST, or a fresh `vite build` of apps/web into a temp dir. */
async function webBuild(): Promise<{ dir: string; temporary: boolean }> {
  if (process.env.BENCH_WEB_DIST) {
    const dir = process.env.BENCH_WEB_DIST;
    if (!existsSync(join(dir, 'index.html'))) throw new Error(`no index.html in BENCH_WEB_DIST=${dir}`);
    return { dir, temporary: false };
  }
  const dir = await mkdtemp(join(tmpdir(), 'mindledger-bench-web-'));
  const web = fileURLToPath(new URL('../apps/web/', import.meta.url));
  console.info(`web: building apps/web into ${dir}`);
  execFileSync('npx', ['vite', 'build', '--outDir', dir, '--emptyOutDir', '--logLevel', 'warn'], {
    cwd: web,
    stdio: 'inherit',
  });
  return { dir, temporary: true };
}

function git(args: string[]): string {
  try {
    return execFileSync('git', args, {
      cwd: fileURLToPath(new URL('..', import.meta.url)),
      encoding: 'utf8',
    }).trim();
  } catch {
    return '';
  }
}

/** CPU ticks (1/100 s) of the whole machine (busy) and of this process's tree (itself, the server, Chromium). */
interface CpuSnapshot {
  at: number;
  busy: number;
  mine: number;
}

function cpuSnapshot(): CpuSnapshot {
  const at = Date.now();
  const [, ...fields] = readFileSync('/proc/stat', 'utf8').split('\n')[0]!.trim().split(/\s+/);
  const ticks = fields.map(Number);
  // user nice system idle iowait irq softirq steal: busy is all but idle and iowait
  const busy = ticks.slice(0, 8).reduce((a, b) => a + b, 0) - ticks[3]! - ticks[4]!;
  const stats = new Map<number, { ppid: number; ticks: number }>();
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const stat = readFileSync(`/proc/${name}/stat`, 'utf8');
      // after the command's closing parenthesis: state ppid … utime stime cutime cstime (fields 3–17)
      const rest = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      const used = Number(rest[11]) + Number(rest[12]) + Number(rest[13]) + Number(rest[14]);
      stats.set(Number(name), { ppid: Number(rest[1]), ticks: used });
    } catch {
      /* gone meanwhile */
    }
  }
  // this process and its descendants (the server, Chromium and its renderers); the children's
  // cutime/cstime keep the time of renderers that exited
  const mineSet = new Set([process.pid]);
  for (let grew = true; grew;) {
    grew = false;
    for (const [pid, { ppid }] of stats)
      if (!mineSet.has(pid) && mineSet.has(ppid)) {
        mineSet.add(pid);
        grew = true;
      }
  }
  let mine = 0;
  for (const pid of mineSet) mine += stats.get(pid)?.ticks ?? 0;
  return { at, busy, mine };
}

/**
 * The machine's speed at the moment: a fixed arithmetic loop in this process, ms (median of 3).
 * Whole runs minutes apart differ more than their runs do (a shared host); this tells them apart.
 */
export function speedProbe(): number {
  const times: number[] = [];
  for (let round = 0; round < 3; round += 1) {
    const start = performance.now();
    let x = 0;
    for (let i = 0; i < 30_000_000; i += 1) x = (x * 31 + i) % 1_000_003;
    if (x < 0) console.info(x);
    times.push(performance.now() - start);
  }
  return Math.round(median(times));
}

/** Cores other processes kept busy between two snapshots (0.25 = a quarter of one core). */
function foreignCores(from: CpuSnapshot, to: CpuSnapshot): number {
  const seconds = (to.at - from.at) / 1000;
  if (seconds <= 0) return 0;
  return Math.max(0, (to.busy - from.busy - (to.mine - from.mine)) / 100 / seconds);
}

/**
 * A run during which other processes used more than this many cores is measured again (at most
 * FOREIGN_RETRIES times), so the figures come from a machine running only the bench, the server and
 * Chromium. BENCH_WEB_MAX_FOREIGN=Infinity keeps every run.
 */
const MAX_FOREIGN = Number(process.env.BENCH_WEB_MAX_FOREIGN ?? 0.15);
const FOREIGN_RETRIES = 5;

/**
 * Runs `once` again (after 10 s) while other processes kept more than MAX_FOREIGN cores busy during
 * it, at most FOREIGN_RETRIES times; `report` sees every attempt (`again`: it will be measured again).
 */
async function measureWhenQuiet<T>(
  once: () => Promise<T>,
  report: (measured: T, foreign: number, again: boolean) => void,
): Promise<{ measured: T; retries: number }> {
  for (let attempt = 0; ; attempt += 1) {
    const before = cpuSnapshot();
    const measured = await once();
    const foreign = foreignCores(before, cpuSnapshot());
    const again = foreign > MAX_FOREIGN && attempt < FOREIGN_RETRIES;
    report(measured, foreign, again);
    if (!again) return { measured, retries: attempt };
    await new Promise((resolve) => setTimeout(resolve, 10_000));
  }
}

export async function benchWeb(port: number): Promise<WebBench> {
  const pages = process.env.BENCH_WEB_PAGES
    ? WEB_PAGES.filter((p) => process.env.BENCH_WEB_PAGES!.split(',').includes(p.path))
    : WEB_PAGES;
  const viewports = process.env.BENCH_WEB_VIEWPORTS
    ? VIEWPORTS.filter((v) => process.env.BENCH_WEB_VIEWPORTS!.split(',').includes(v.key))
    : VIEWPORTS;
  // BENCH_WEB_SAME_CONTEXT=1: the measured page is a new tab of the signed-in context (as the e2e
  // budget test), its HTTP cache disabled over CDP, instead of a context of its own
  const sameContext = process.env.BENCH_WEB_SAME_CONTEXT === '1';
  // BENCH_WEB_COMMIT: the commit BENCH_WEB_DIST and BENCH_SERVER_MAIN were built from (e.g. an export
  // of it made with git archive), when not the working tree
  const commit = process.env.BENCH_WEB_COMMIT ?? git(['rev-parse', '--short', 'HEAD']);
  const appsDirty =
    !process.env.BENCH_WEB_COMMIT && git(['status', '--porcelain', '--', 'apps', 'packages']) !== '';
  const build = await webBuild();
  const server = await startServer(port, { WEB_DIST: build.dir });
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS, headless: true });
  const loads: number[] = [loadavg()[0]!];
  const startedAt = new Date().toISOString();
  let discarded = 0;
  const probes = [speedProbe()];
  try {
    const results: WebResult[] = [];
    for (const viewport of viewports)
      for (const page of pages) results.push({ page, viewport, runs: [], trace: null });
    // one warm-up per page (the server's first answers, chromium's first context), not counted
    for (const result of results.filter((r) => r.viewport === viewports[0]))
      await measure(browser, server.url, build.dir, result.page, result.viewport, sameContext, false);
    // the pages in turn, so the machine's moments fall on all of them alike
    for (let i = 0; i < WEB_RUNS; i += 1) {
      for (const result of results) {
        const { measured, retries } = await measureWhenQuiet(
          () => measure(browser, server.url, build.dir, result.page, result.viewport, sameContext, false),
          ({ run }, foreign, again) => {
            run.foreignCores = foreign;
            loads.push(loadavg()[0]!);
            console.info(
              `web ${result.viewport.key} ${result.page.path} #${i + 1}: FCP ${fmt(run.fcp)} LCP ${fmt(run.lcp)} heading ${fmt(run.heading)} TBT ${Math.round(run.tbt)} JS ${run.scripts.length} files ${kb(sum(run.scripts, 'gzip'))} KB gzip, other processes ${foreign.toFixed(2)} cores${run.timedOut ? ' (timed out)' : ''}${again ? ' (discarded: the machine was busy)' : ''}`,
            );
          },
        );
        discarded += retries;
        result.runs.push(measured.run);
      }
    }
    if (process.env.BENCH_WEB_TRACE !== '0')
      for (const result of results) {
        const { measured } = await measureWhenQuiet(
          () => measure(browser, server.url, build.dir, result.page, result.viewport, sameContext, true),
          (_measured, foreign, again) => {
            if (again)
              console.info(
                `web trace ${result.viewport.key} ${result.page.path}: other processes ${foreign.toFixed(2)} cores, again`,
              );
          },
        );
        result.trace = measured.trace;
      }
    loads.push(loadavg()[0]!);
    probes.push(speedProbe());
    return {
      results,
      chromiumVersion: browser.version(),
      loads,
      commit,
      appsDirty,
      webDist: build.temporary ? 'a fresh `vite build` of apps/web (temporary directory)' : build.dir,
      startedAt,
      sameContext,
      discarded,
      probes,
    };
  } finally {
    await browser.close();
    await server.stop();
    if (build.temporary && process.env.BENCH_KEEP_WEB_DIST !== '1')
      await rm(build.dir, { recursive: true, force: true });
  }
}

function fmt(ms: number | null): string {
  return ms === null ? '–' : `${Math.round(ms)}`;
}
function kb(bytes: number): string {
  return (bytes / 1024).toFixed(1);
}
function sum<T>(items: T[], key: keyof T): number {
  return items.reduce((total, item) => total + Number(item[key]), 0);
}
export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}
/** 'median (min–max)' of the runs' values, ms or as given. */
function spread(values: (number | null)[], unit: (n: number) => string = (n) => `${Math.round(n)}`): string {
  const present = values.filter((v): v is number => v !== null);
  if (!present.length) return '–';
  const missing = values.length - present.length;
  if (Math.min(...present) === Math.max(...present))
    return `${unit(present[0]!)}${missing ? ` (${missing}× none)` : ''}`;
  return `${unit(median(present))} (${unit(Math.min(...present))}–${unit(Math.max(...present))})${missing ? ` ${missing}× none` : ''}`;
}

export function webReport(bench: WebBench): string[] {
  const { results } = bench;
  const loads = bench.loads.map((l) => l.toFixed(2));
  const lines = [
    '## Web first paint (issue 18)',
    '',
    `Measured ${bench.startedAt.slice(0, 16).replace('T', ' ')} UTC at \`${bench.commit}\`${bench.appsDirty ? ' (with uncommitted changes in apps/ or packages/)' : ''} on ${cpus().length} × ${cpus()[0]?.model ?? 'cpu'}, ${Math.round(totalmem() / 2 ** 30)} GiB, Node ${process.version}, Chromium ${bench.chromiumVersion} (headless, ${CHROMIUM}); load average (1 min) during the run ${Math.min(...bench.loads).toFixed(2)}–${Math.max(...bench.loads).toFixed(2)} (${loads[0]} at the start, ${loads.at(-1)} at the end).`,
    `Other processes than the bench's own (the bench, the server, Chromium) kept ${spread(
      results.flatMap((r) => r.runs.map((x) => x.foreignCores)),
      (n) => n.toFixed(2),
    )} cores busy during the kept runs (from /proc; a run above ${MAX_FOREIGN} was measured again: ${bench.discarded} were); the load average counts the bench's own processes. CPU probe (a fixed loop in Node, unthrottled): ${bench.probes.join(' ms before, ')} ms after.`,
    `The built server on the embedded database, serving ${bench.webDist}; ${CPU_THROTTLE}× CPU throttling, the HTTP cache disabled, service workers blocked, no network throttling (127.0.0.1), the browser in the demo accounts' time zone (${TIMEZONE}); a new browser context per run${bench.sameContext ? ' (signed-in pages: a new tab of the signed-in context)' : ' (signed-in pages: signed in through the login page in another context, its cookies and localStorage carried over)'}. ${WEB_RUNS} runs per page and viewport: median (min–max), ms from navigation start.`,
    '',
    '| viewport | page | FCP | LCP | main heading | TBT | long tasks (ms, all) | JS files | JS bodies as sent (KB) | JS with headers (KB) | JS gzip -6 (KB) |',
    '| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |',
  ];
  for (const r of results) {
    const runs = r.runs;
    lines.push(
      `| ${r.viewport.width}×${r.viewport.height} | \`${r.page.path}\` ${r.page.label} | ${spread(runs.map((x) => x.fcp))} | ${spread(runs.map((x) => x.lcp))} | ${spread(runs.map((x) => x.heading))} | ${spread(runs.map((x) => x.tbt))} | ${spread(runs.map((x) => x.longTaskMs))} | ${spread(runs.map((x) => x.scripts.length))} | ${spread(
        runs.map((x) => sum(x.scripts, 'encodedBody')),
        (n) => kb(n),
      )} | ${spread(
        runs.map((x) => sum(x.scripts, 'transferred')),
        (n) => kb(n),
      )} | ${spread(
        runs.map((x) => sum(x.scripts, 'gzip')),
        (n) => kb(n),
      )} |`,
    );
  }
  const timedOut = results.flatMap((r) =>
    r.runs.filter((x) => x.timedOut).map(() => `${r.viewport.key} ${r.page.path}`),
  );
  if (timedOut.length)
    lines.push('', `Runs that did not settle within ${SETTLE_TIMEOUT_MS / 1000} s: ${timedOut.join(', ')}.`);

  lines.push('', '### Targets', '');
  for (const r of results.filter(
    (x) => x.page.path === '/auth/login/client' || x.page.path === '/user/home',
  )) {
    const lcp = median(r.runs.map((x) => x.lcp ?? Infinity));
    lines.push(
      `- LCP ≤ ${LCP_TARGET_MS} ms, \`${r.page.path}\` at ${r.viewport.width} px: median ${Math.round(lcp)} ms — ${lcp <= LCP_TARGET_MS ? 'met' : `not met (${Math.round(lcp - LCP_TARGET_MS)} ms over)`}.`,
    );
  }
  for (const r of results.filter((x) => x.page.path === '/user/home')) {
    const gzip = median(r.runs.map((x) => sum(x.scripts, 'gzip'))) / 1024;
    lines.push(
      `- First-load JS of the home ≤ ${HOME_JS_TARGET_KB} KB gzipped, at ${r.viewport.width} px: ${gzip.toFixed(1)} KB — ${gzip <= HOME_JS_TARGET_KB ? 'met' : `not met (${(gzip - HOME_JS_TARGET_KB).toFixed(1)} KB over, ${Math.round(((gzip - HOME_JS_TARGET_KB) / gzip) * 100)} % of it to cut)`}.`,
    );
  }

  lines.push(
    '',
    '### Where the time goes (median run of each page)',
    '',
    'CDP `Performance.getMetrics` at settled (throttled ms, whole load): script execution (ScriptDuration), style and layout, every main-thread task (TaskDuration); the long tasks up to LCP; when the last script that arrived before LCP was received; the API calls started before LCP.',
    '',
    '| viewport | page | LCP | long tasks before LCP | ScriptDuration | RecalcStyle + Layout | TaskDuration | last first-load script received | API calls (start→end) |',
    '| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | --- |',
  );
  for (const r of results) {
    const sorted = [...r.runs].sort((a, b) => (a.lcp ?? Infinity) - (b.lcp ?? Infinity));
    const run = sorted[Math.floor((sorted.length - 1) / 2)];
    if (!run) continue;
    const m = run.metrics;
    const beforeLcp = run.scripts.filter((s) => run.lcp !== null && s.end <= run.lcp);
    const lastScript = beforeLcp.length ? Math.max(...beforeLcp.map((s) => s.end)) : null;
    const api = run.api
      .filter((a) => run.lcp === null || a.start <= run.lcp)
      .map(
        (a) =>
          `${a.path.replace(/^\/api\/(proxy\/)?(v1\/)?/, '')} ${Math.round(a.start)}→${Math.round(a.end)}`,
      )
      .join(', ');
    lines.push(
      `| ${r.viewport.width} | \`${r.page.path}\` | ${fmt(run.lcp)} | ${Math.round(run.longTaskMsBeforeLcp)} | ${m.ScriptDuration ?? '–'} | ${(m.RecalcStyleDuration ?? 0) + (m.LayoutDuration ?? 0)} | ${m.TaskDuration ?? '–'} | ${fmt(lastScript)} | ${api || '–'} |`,
    );
  }
  const traced = results.filter((r) => r.trace);
  if (traced.length) {
    const kinds = TRACE_KINDS;
    lines.push(
      '',
      'One traced run per page (not in the figures above; tracing slows it a little): the renderer main thread from navigation start to that run’s LCP, each trace event’s own time (its duration less its children’s), ms; ‘other’ is the scheduler’s and IPC’s own time and V8’s context set-up, ‘idle’ the time no task ran.',
      '',
      `| viewport | page | LCP | ${kinds.join(' | ')} | idle (network, API) |`,
      `| --- | --- | ---: | ${kinds.map(() => '---:').join(' | ')} | ---: |`,
    );
    for (const r of traced) {
      const t = r.trace!;
      lines.push(
        `| ${r.viewport.width} | \`${r.page.path}\` | ${Math.round(t.lcp)} | ${kinds.map((k) => t.kinds[k] ?? 0).join(' | ')} | ${t.idle} |`,
      );
    }
  }

  lines.push('', '### Scripts of the median run', '');
  for (const r of results.filter((x) => x.viewport === results[0]?.viewport)) {
    const sorted = [...r.runs].sort((a, b) => (a.lcp ?? Infinity) - (b.lcp ?? Infinity));
    const run = sorted[Math.floor((sorted.length - 1) / 2)];
    if (!run) continue;
    const scripts = [...run.scripts].sort((a, b) => a.start - b.start);
    lines.push(
      `\`${r.page.path}\` (${r.viewport.width} px, LCP ${fmt(run.lcp)} ms on ${run.lcpElement || '?'}): ` +
        scripts
          .map(
            (s) =>
              `${s.path.replace('/assets/', '')} ${kb(s.gzip)} KB gzip (${s.encoding} ${kb(s.encodedBody)}), ${Math.round(s.start)}→${Math.round(s.end)} ms`,
          )
          .join('; ') +
        '.',
      '',
    );
  }
  return lines;
}
