/**
 * Why a page's blocking time moved: each Lighthouse run of a page (calibrated, as bench/lighthouse.ts runs it)
 * with what its trace shows behind the figure. Lighthouse's simulation multiplies each main-thread task's wall
 * time by the CPU slowdown; on a busy host a task's wall time includes the time the page's thread waited for
 * the CPU, which the trace's thread time (CPU) does not. Printed per run:
 *
 * - the calibrated TBT and FCP, and the benchmark index the slowdown was calibrated from;
 * - the page's main-thread tasks after its first contentful paint: how many, how many of 10 ms or more (the
 *   ones Lighthouse always keeps), their CPU time and their wall time;
 * - the blocking time those tasks make when each is multiplied by the slowdown, from their wall time and from
 *   their CPU time alone (the page's own share, without the waits);
 * - the three longest of them: when, their wall and CPU time, and the events they were spent in;
 * - how many screenshots the trace took over the first 3 s (one a frame: part of the compositor's work);
 * - the CPU time of the busiest threads of every Chromium process over the page's first 800 ms (the page's,
 *   the browser's, the compositor's), i.e. what the page shared the host with;
 * - what Lighthouse's simulation counted: the simulated first paint, and each task it kept that lasted 50 ms
 *   or more on the simulated phone (its pessimistic estimate, half of the figure), with the task as it ran
 *   (when, wall and CPU time, the events it was spent in) and its links in the graph. A task of under 10 ms is
 *   left out of the graph unless it both waits on two things and starts two; one of 10 ms or more is always
 *   in, its wall time multiplied, waits included (docs/decisions/0043 found a wait that way).
 *
 *   npm run build && npx tsx bench/page-tasks.ts                      (every page, 3 runs, a fresh PGlite shop)
 *   npx tsx bench/page-tasks.ts --pages=platform,sign-in --runs=5
 *   npx tsx bench/page-tasks.ts http://127.0.0.1:8080                 (a shop already running, demo sign-in on)
 *
 * A diagnosis, not a budget: it prints and exits 0. docs/decisions/0032 and 0033 were measured with it.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { diagnosePages, type Diagnosis } from './diagnosis.js';
import { LanternFirstContentfulPaint } from 'lighthouse/core/computed/metrics/lantern-first-contentful-paint.js';
import { LanternTotalBlockingTime } from 'lighthouse/core/computed/metrics/lantern-total-blocking-time.js';
import { auditRun, figures, withSlowdown, type TraceEvent } from './lighthouse.js';

const isTask = (event: TraceEvent) =>
  event.ph === 'X' && (event.name === 'RunTask' || event.name === 'ThreadControllerImpl::RunTask');
const ms = (us: number) => Math.round(us / 1000);

/**
 * Blocking time as Lighthouse's simulation would count it (each task × the slowdown, less 50 ms), from the
 * tasks' wall time and from their CPU time alone: the first is what the host's waits add, the second what
 * the page's own work would cost on a host where it never waited for a core.
 */
const blocking = (durationsUs: number[], slowdown: number) =>
  Math.round(durationsUs.reduce((sum, us) => sum + Math.max(0, (us / 1000) * slowdown - 50), 0));

/** The four events a task spent most in (µs): its outermost events by name, nested ones inside them not again. */
function spentIn(events: TraceEvent[]): [string, number][] {
  const parts = new Map<string, number>();
  let covered = 0;
  for (const event of [...events].sort((a, b) => a.ts - b.ts)) {
    if (event.ts < covered) continue;
    covered = event.ts + (event.dur ?? 0);
    parts.set(event.name, (parts.get(event.name) ?? 0) + (event.dur ?? 0));
  }
  return [...parts].sort((a, b) => b[1] - a[1]).slice(0, 4);
}

/** What the trace of one run shows: the page's tasks after its first paint, and every thread's CPU early on. */
export function traceFigures(trace: TraceEvent[], slowdown: number) {
  const navigation = trace.find((event) => event.name === 'navigationStart' && event.args?.data?.isLoadingMainFrame);
  if (!navigation) return null;
  const main = (event: TraceEvent) => event.pid === navigation.pid && event.tid === navigation.tid;
  const paint = trace.find((event) => event.name === 'firstContentfulPaint' && event.pid === navigation.pid);
  const from = paint?.ts ?? navigation.ts;
  const after = trace.filter((event) => main(event) && isTask(event) && event.ts > from);
  const long = after.filter((event) => (event.dur ?? 0) >= 10_000);
  const names = new Map<string, string>();
  for (const event of trace) {
    if (event.ph !== 'M' || !event.args?.name) continue;
    if (event.name === 'thread_name') names.set(`${event.pid}:${event.tid}`, event.args.name);
    if (event.name === 'process_name') names.set(`${event.pid}`, event.args.name);
  }
  const threads = new Map<string, number>();
  for (const event of trace) {
    if (!isTask(event) || !event.tdur || event.ts < navigation.ts || event.ts > navigation.ts + 800_000) continue;
    const thread = `${names.get(`${event.pid}`) ?? event.pid}/${names.get(`${event.pid}:${event.tid}`) ?? event.tid}`;
    threads.set(thread, (threads.get(thread) ?? 0) + event.tdur);
  }
  const children = trace.filter((event) => main(event) && event.ph === 'X' && !isTask(event) && event.ts > from);
  const biggest = [...after]
    .sort((a, b) => (b.dur ?? 0) - (a.dur ?? 0))
    .slice(0, 3)
    .map((task) => {
      const end = task.ts + (task.dur ?? 0);
      const inside = children.filter((event) => event.ts >= task.ts && event.ts < end);
      return {
        atMs: ms(task.ts - navigation.ts),
        wallMs: ms(task.dur ?? 0),
        cpuMs: ms(task.tdur ?? 0),
        parts: spentIn(inside),
      };
    });
  const screenshots = trace.filter(
    (event) => event.name === 'Screenshot' && event.ts > navigation.ts && event.ts < navigation.ts + 3_000_000,
  ).length;
  return {
    biggest,
    screenshots,
    fcpMs: ms(from - navigation.ts),
    tasks: after.length,
    longTasks: long.length,
    cpuMs: ms(after.reduce((sum, event) => sum + (event.tdur ?? 0), 0)),
    wallMs: ms(after.reduce((sum, event) => sum + (event.dur ?? 0), 0)),
    blockingWallMs: blocking(
      after.map((event) => event.dur ?? 0),
      slowdown,
    ),
    blockingCpuMs: blocking(
      after.map((event) => event.tdur ?? 0),
      slowdown,
    ),
    threads: [...threads].sort((a, b) => b[1] - a[1]).slice(0, 5),
  };
}

/** A node of Lantern's graph of the page, as far as this reads one. */
interface LanternNode {
  type: string;
  event?: TraceEvent;
  childEvents?: TraceEvent[];
  request?: { url: string };
  getDependencies(): LanternNode[];
  getDependents(): LanternNode[];
}
interface LanternEstimate {
  timeInMs: number;
  nodeTimings: Map<LanternNode, { startTime: number; duration: number }>;
}
type LanternMetric = (
  data: unknown,
  context: unknown,
) => Promise<{ optimisticEstimate: LanternEstimate; pessimisticEstimate: LanternEstimate }>;

/**
 * The recording simulated again as Lighthouse's audit does, with the slowdown given: the simulated first
 * paint, and the main-thread tasks that last 50 ms or more on the simulated phone, as they ran.
 */
async function counted(artifacts: unknown, slowdown: number) {
  const recorded = withSlowdown(
    artifacts as {
      settings: unknown;
      Trace: { traceEvents: TraceEvent[] };
      DevtoolsLog: unknown;
      GatherContext: unknown;
      URL: unknown;
      SourceMaps: unknown;
    },
    slowdown,
  );
  const data = {
    trace: recorded.Trace,
    devtoolsLog: recorded.DevtoolsLog,
    gatherContext: recorded.GatherContext,
    settings: recorded.settings,
    URL: recorded.URL,
    SourceMaps: recorded.SourceMaps,
    simulator: null,
  };
  // One cache: both metrics share the graph and the simulator.
  const context = { computedCache: new Map() };
  const paint = await (LanternFirstContentfulPaint.request as unknown as LanternMetric)(data, context);
  const blocking = await (LanternTotalBlockingTime.request as unknown as LanternMetric)(data, context);
  const navigation = recorded.Trace.traceEvents.find(
    (event) => event.name === 'navigationStart' && event.args?.data?.isLoadingMainFrame,
  );
  const link = (node: LanternNode) => (node.request ? node.request.url.replace(/^https?:\/\/[^/]+/, '') : `task`);
  const tasks = [...blocking.pessimisticEstimate.nodeTimings]
    .filter(([node, timing]) => node.type === 'cpu' && node.event && timing.duration >= 50)
    .sort((a, b) => a[1].startTime - b[1].startTime)
    .map(([node, timing]) => ({
      simulatedAtMs: Math.round(timing.startTime),
      simulatedMs: Math.round(timing.duration),
      atMs: navigation ? ms(node.event!.ts - navigation.ts) : Number.NaN,
      wallMs: ((node.event!.dur ?? 0) / 1000).toFixed(1),
      cpuMs: ((node.event!.tdur ?? 0) / 1000).toFixed(1),
      parts: spentIn((node.childEvents ?? []).filter((event) => event.ph === 'X')),
      waitsOn: node.getDependencies().map(link),
      starts: node.getDependents().map(link),
    }));
  return {
    paintMs: [paint.optimisticEstimate.timeInMs, paint.pessimisticEstimate.timeInMs].map(Math.round),
    tasks,
  };
}

async function diagnose({ browser, base, pages, runs }: Diagnosis): Promise<void> {
  for (const page of pages) {
    for (let run = 1; run <= runs; run++) {
      const audits = await auditRun(browser, base, page);
      const plain = figures(audits.plain.report);
      const { report, trace } = audits.calibrated;
      const tuned = figures(report);
      const seen = traceFigures(trace, tuned.cpuSlowdownMultiplier);
      console.log(
        `${page.name} ${page.path} run ${run}: TBT ${Math.round(tuned.tbtMs)} ms calibrated ×${tuned.cpuSlowdownMultiplier} (index ${Math.round(plain.benchmarkIndex)}; uncalibrated ${Math.round(plain.tbtMs)} ms), FCP ${Math.round(tuned.fcpMs)} ms`,
      );
      if (seen) {
        console.log(
          `  after the first paint (${seen.fcpMs} ms observed): ${seen.tasks} tasks, ${seen.longTasks} of ≥ 10 ms; CPU ${seen.cpuMs} ms, wall ${seen.wallMs} ms`,
        );
        console.log(
          `  blocking if each task × the slowdown: ${seen.blockingWallMs} ms from wall time, ${seen.blockingCpuMs} ms from CPU time`,
        );
        for (const task of seen.biggest)
          console.log(
            `  task at ${task.atMs} ms: wall ${task.wallMs} ms, CPU ${task.cpuMs} ms (${task.parts.map(([name, us]) => `${name} ${(us / 1000).toFixed(1)}`).join(', ')})`,
          );
        console.log(`  screenshots in the first 3 s: ${seen.screenshots}`);
        console.log(
          `  CPU over the first 800 ms: ${seen.threads.map(([thread, us]) => `${thread} ${ms(us)} ms`).join(', ')}`,
        );
      }
      const simulated = await counted(audits.artifacts, tuned.cpuSlowdownMultiplier);
      console.log(
        `  simulated: first paint at ${simulated.paintMs.join('–')} ms; tasks of 50 ms or more on the phone:`,
      );
      for (const task of simulated.tasks)
        console.log(
          `    at ${task.simulatedAtMs} ms, ${task.simulatedMs} ms — ran at ${task.atMs} ms, wall ${task.wallMs} ms, CPU ${task.cpuMs} ms (${task.parts.map(([name, us]) => `${name} ${(us / 1000).toFixed(1)}`).join(', ')}); waits on ${task.waitsOn.join(' ') || 'nothing'}; starts ${task.starts.join(' ') || 'nothing'}`,
        );
    }
  }
}

// Run only as a script: importing traceFigures starts nothing.
if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) diagnosePages(3, diagnose);
