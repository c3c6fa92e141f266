/**
 * While Lighthouse records a page, what the bench and the browser run beside the page's main thread steps back
 * for it (docs/decisions/0033, 0041 and 0045). On a phone the page's main thread has a core to itself: the browser, its
 * compositor and the page's own worker threads run on other cores, and neither the shop's server nor a
 * Lighthouse driver runs there at all. On a 2-core host they all share two cores with the page's main thread,
 * whose waits Lighthouse's simulation multiplies by the slowdown as if they were the page's work.
 *
 * Linux shares the CPU first between sessions (autogroups: the bench's session, Chromium's, which
 * chrome-launcher starts detached), then between the threads of one session by their nice values. So:
 * - Chromium's browser process and GPU process (its recorder and display compositor): nice 10, every thread;
 * - the renderers' worker threads (V8's compilers and collectors, decoding): nice 10, as they appear;
 * - the bench's own session (the Lighthouse driver, pgbench): its autogroup at nice 10 while the page records,
 *   and back to 0 after. A value of 0 or more needs no privilege.
 * The shop's server does not step back: it runs in a session of its own, as deployed (server.ts). The page
 * waits for its answers, and how long it waits is part of what a customer's phone sees; stepped back beside
 * other load, the server answered the page far slower than such a host would (0045).
 * The renderers' main threads, where the page runs and the benchmark index is measured, keep the default.
 * Linux only; where a step is refused, the recording runs without it.
 */
import fs from 'node:fs';
import os from 'node:os';

/** How far the rest steps back: a nice value, about a tenth of the page's share of a core it competes for. */
const NICENESS = 10;
/** How often the renderers are looked at for new worker threads while a page records, in ms. */
const WORKER_POLL_MS = 25;
/** The bench's session: its autogroup, where Linux keeps the session's share of the CPU. */
const OWN_SESSION = '/proc/self/autogroup';

/** The processes under `root` (itself included), each with its command line. */
function processTree(root: number): { pid: number; command: string[] }[] {
  const children = new Map<number, number[]>();
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      // The parent is the second field after the command's name, which may itself hold spaces and brackets.
      const stat = fs.readFileSync(`/proc/${entry}/stat`, 'utf8');
      const parent = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      children.set(parent, [...(children.get(parent) ?? []), Number(entry)]);
    } catch {
      // Ended meanwhile.
    }
  }
  const found: { pid: number; command: string[] }[] = [];
  const visit = (pid: number) => {
    try {
      found.push({ pid, command: fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0') });
    } catch {
      return;
    }
    for (const child of children.get(pid) ?? []) visit(child);
  };
  visit(root);
  return found;
}

const processType = (command: string[]) => command.find((arg) => arg.startsWith('--type='))?.slice('--type='.length);

const threadsOf = (pid: number): number[] => {
  try {
    return fs.readdirSync(`/proc/${pid}/task`).map(Number);
  } catch {
    return [];
  }
};

/** On Linux a priority is a thread's: each thread's is set. */
function yieldThread(thread: number): void {
  try {
    os.setPriority(thread, NICENESS);
  } catch {
    // Ended meanwhile, or not ours to change.
  }
}

/** The renderers among Chromium's processes. */
const renderersIn = (tree: { pid: number; command: string[] }[]): number[] =>
  tree.filter(({ command }) => processType(command) === 'renderer').map(({ pid }) => pid);

/**
 * Chromium's browser process and GPU process, every thread (threads started later inherit it from the thread
 * that starts them). Again before each recording: a GPU process Chromium started anew starts at the default.
 */
function makeRecorderYield(tree: { pid: number; command: string[] }[]): void {
  for (const { pid, command } of tree) {
    const type = processType(command);
    if (type !== undefined && type !== 'gpu-process') continue;
    for (const thread of threadsOf(pid)) yieldThread(thread);
  }
}

/**
 * The renderers' worker threads at nice 10 as they appear, every WORKER_POLL_MS until the returned function
 * is called. The renderers (first those of `tree`) are looked up again every eighth time (a navigation may
 * start one).
 */
function makeRendererWorkersYield(browserPid: number, tree: { pid: number; command: string[] }[]): () => void {
  const seen = new Set<string>();
  let renderers = renderersIn(tree);
  let tick = 0;
  const poll = () => {
    if (++tick % 8 === 0) renderers = renderersIn(processTree(browserPid));
    for (const pid of renderers) {
      for (const thread of threadsOf(pid)) {
        const key = `${pid}/${thread}`;
        if (seen.has(key)) continue;
        seen.add(key);
        try {
          // Chromium's thread pool: ThreadPoolForegroundWorker, ThreadPoolBackgroundWorker, ThreadPoolSingleThread…
          if (fs.readFileSync(`/proc/${pid}/task/${thread}/comm`, 'utf8').startsWith('ThreadPool')) yieldThread(thread);
        } catch {
          // Ended meanwhile.
        }
      }
    }
  };
  poll();
  const timer = setInterval(poll, WORKER_POLL_MS);
  return () => clearInterval(timer);
}

const autogroupOf = (pid: number | 'self'): string | null => {
  try {
    return fs.readFileSync(`/proc/${pid}/autogroup`, 'utf8').split(' ')[0] ?? null;
  } catch {
    return null;
  }
};

/**
 * Sets the bench's session's nice value. Linux accepts one change every 100 ms from an unprivileged process
 * (EAGAIN meanwhile): tried again for up to two seconds. False where it is refused otherwise.
 */
async function setOwnSessionNice(nice: number): Promise<boolean> {
  for (let attempt = 0; attempt < 40; attempt++) {
    try {
      fs.writeFileSync(OWN_SESSION, String(nice));
      return true;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EAGAIN') return false;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }
  return false;
}

/**
 * Runs `record` (one Lighthouse recording in the Chromium whose browser process is `browserPid`) and steps the
 * rest of the host back for the page from the moment `record` calls `pageStarts` (Lighthouse has resolved its
 * configuration and begins to drive the browser) until it calls `pageRecorded` (the page has done what is measured
 * of it; what is left is the driver's own work, collecting the trace and the artifacts) or ends. The driver's own
 * work before and after runs at the bench's priority: stepped back beside other load, Lighthouse's configuration
 * alone took 8–30 s a run beside two busy loops, against 1–4 s at the bench's own priority.
 */
export async function whileRecording<T>(
  browserPid: number | undefined,
  record: (pageRecorded: () => void, pageStarts: () => void) => Promise<T>,
): Promise<T> {
  if (process.platform !== 'linux' || browserPid === undefined) return record(() => {}, () => {});
  let stepped = false;
  let stopWorkers = () => {};
  // A bench stopped mid-recording (Ctrl-C: server.ts stops its shops and exits) must not leave the terminal's
  // session, and all that runs in it afterwards, stepped back.
  const backOnExit = () => {
    try {
      fs.writeFileSync(OWN_SESSION, '0');
    } catch {
      // Refused: nothing more to do on the way out.
    }
  };
  let started: Promise<void> | undefined;
  let back: Promise<void> | undefined;
  const stepBack = () =>
    (started ??= (async () => {
      // One look at Chromium's processes serves both: its recorder's and its renderers'.
      const tree = processTree(browserPid);
      makeRecorderYield(tree);
      stopWorkers = makeRendererWorkersYield(browserPid, tree);
      // Only across sessions: sharing Chromium's (autogroups off, say), the session would take the page back with it.
      const own = autogroupOf('self');
      const chromium = autogroupOf(browserPid);
      const apart = own !== null && chromium !== null && chromium !== own;
      stepped = apart && (await setOwnSessionNice(NICENESS));
      if (stepped) process.once('exit', backOnExit);
    })());
  const stepForward = () =>
    (back ??= (async () => {
      if (!started) return;
      await started;
      stopWorkers();
      if (!stepped) return;
      if (await setOwnSessionNice(0)) process.off('exit', backOnExit);
      else console.warn('the bench could not put its session back at nice 0');
    })());
  try {
    return await record(
      () => void stepForward(),
      () => {
        if (!back) void stepBack();
      },
    );
  } finally {
    await stepForward();
  }
}
