/**
 * How many fonts a storefront page asks the browser for while it loads (docs/decisions/0038). Each text style a
 * page shows (a size and a weight) is a font the renderer looks up; on Linux every lookup is a synchronous
 * request to the browser's font service, and the page's first layout waits for all of them. Lighthouse's
 * simulation multiplies that wait by the CPU slowdown like any other wall time of a task.
 *
 * Each page (bench/lighthouse.ts's list, prepared as for an audit: signed in and with a cart where the audit
 * has them) is loaded `--runs` times on Lighthouse's phone screen with Chromium's font trace category on.
 * Printed per page: the text styles on screen once loaded, and over the loads the median and range of the
 * font lookups (count and wall time) and of the wall time of the page's layouts.
 *
 *   npm run build && npx tsx bench/page-fonts.ts                  (every page, 8 loads, a fresh PGlite shop)
 *   npx tsx bench/page-fonts.ts --pages=platform-cart,order --runs=16
 *
 * A diagnosis, not a budget: it prints and exits 0.
 */
import { diagnosePages } from './diagnosis.js';
import { demoSignIn, PHONE_SCREEN, prepareTab, type TraceEvent } from './lighthouse.js';
import { repeated } from './stats.js';

interface Load {
  lookups: number;
  lookupMs: number;
  layoutMs: number;
}

const sumMs = (events: TraceEvent[]) => Math.round(events.reduce((sum, event) => sum + (event.dur ?? 0), 0) / 100) / 10;

/** One load's font lookups and layouts on the page's main thread, from its trace. */
function readTrace(trace: TraceEvent[]): Load | null {
  const navigation = trace.find((event) => event.name === 'navigationStart' && event.args?.data?.isLoadingMainFrame);
  if (!navigation) return null;
  const main = (event: TraceEvent) =>
    event.pid === navigation.pid && event.tid === navigation.tid && event.dur !== undefined;
  const layouts = trace.filter((event) => main(event) && event.name === 'Layout');
  const lookups = trace.filter((event) => main(event) && event.name === 'FontCache::GetFontPlatformData');
  return {
    lookups: lookups.length,
    lookupMs: sumMs(lookups),
    layoutMs: sumMs(layouts),
  };
}

/** The distinct sizes and weights of the text on screen, e.g. '16px 400'. */
const TEXT_STYLES = `(() => {
  const styles = new Set();
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    if (!node.textContent.trim() || !node.parentElement) continue;
    const style = getComputedStyle(node.parentElement);
    if (style.display === 'none' || style.visibility === 'hidden') continue;
    styles.add(style.fontSize + ' ' + style.fontWeight);
  }
  return [...styles].sort((a, b) => parseFloat(a) - parseFloat(b) || a.localeCompare(b));
})()`;

diagnosePages(8, async ({ browser, base, pages, runs }) => {
  for (const page of pages) {
    const loads: Load[] = [];
    let styles: string[] = [];
    for (let run = 0; run < runs; run++) {
      const tab = await prepareTab(browser, base, page.signedIn ? await demoSignIn(base) : null, page.carts);
      try {
        await tab.setViewport(PHONE_SCREEN);
        await tab.tracing.start({ categories: ['devtools.timeline', 'loading', 'blink.user_timing', 'fonts'] });
        // The order pages keep their live stream open: at most two connections for half a second.
        await tab.goto(`${base}${page.path}`, { waitUntil: 'networkidle2' });
        const recorded = await tab.tracing.stop();
        const trace = (JSON.parse(Buffer.from(recorded ?? []).toString('utf8')) as { traceEvents: TraceEvent[] })
          .traceEvents;
        const load = readTrace(trace);
        if (load) loads.push(load);
        styles = (await tab.evaluate(TEXT_STYLES)) as string[];
      } finally {
        await tab.close();
      }
    }
    const spread = (pick: (load: Load) => number) => {
      const { figure, spread: range } = repeated(loads.map(pick), 1);
      return `${figure} (${range![0]}–${range![1]})`;
    };
    console.log(
      `${page.name} ${page.path}${page.variant ? ` (${page.variant})` : ''}: ${styles.length} text styles: ${styles.join(', ')}`,
    );
    if (loads.length === 0) {
      console.log('  no load was traced');
      continue;
    }
    console.log(
      `  over ${loads.length} loads: font lookups ${spread((load) => load.lookups)} taking ${spread((load) => load.lookupMs)} ms; the page's layouts ${spread((load) => load.layoutMs)} ms`,
    );
  }
});
