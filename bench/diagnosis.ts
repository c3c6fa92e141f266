/**
 * What the page diagnoses (bench/page-tasks.ts, bench/page-fonts.ts) share: their arguments (`--runs=N`,
 * `--pages=name,name`, and a running shop's address, or none for the built shop on a fresh PGlite with the
 * demo catalogue), one Chromium for all their loads, and the exit: 0 once printed, 1 on an error.
 */
import type { Browser } from 'puppeteer-core';
import { shopPages, withChromium, type LighthousePage } from './lighthouse.js';
import { startSeededShop } from './server.js';

export interface Diagnosis {
  browser: Browser;
  /** The shop's origin. */
  base: string;
  /** The pages asked for (`--pages`), or every page bench/lighthouse.ts audits. */
  pages: LighthousePage[];
  /** Loads of each page (`--runs`). */
  runs: number;
}

export function diagnosePages(defaultRuns: number, diagnose: (diagnosis: Diagnosis) => Promise<void>): void {
  const args = process.argv.slice(2);
  const option = (name: string) => args.find((arg) => arg.startsWith(`--${name}=`))?.split('=')[1];
  const runs = Number(option('runs') ?? defaultRuns);
  const wanted = option('pages')?.split(',');
  const given = args.find((arg) => !arg.startsWith('--'));
  const run = async () => {
    const shop = given ? { base: given.replace(/\/+$/, ''), stop: async () => {} } : await startSeededShop();
    try {
      await withChromium(async (browser) => {
        const pages = (await shopPages(shop.base)).filter((page) => !wanted || wanted.includes(page.name));
        await diagnose({ browser, base: shop.base, pages, runs });
      });
    } finally {
      await shop.stop();
    }
  };
  run().then(
    () => process.exit(0),
    (error: unknown) => {
      console.error(error);
      process.exit(1);
    },
  );
}
