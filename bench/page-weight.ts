/**
 * Weighs the JavaScript the home page `/` needs on first load against its budget; exits 1 when over.
 *
 *   npm run build -w @lucky/web && npm run bench:weight
 *   npx tsx bench/page-weight.ts --files     (lists every file with its gzip size)
 */
import { FIRST_LOAD_BUDGET_KB, firstLoadJs } from './first-load.js';

const kb = (bytes: number) => Math.round(bytes / 1024);
const load = firstLoadJs();

if (process.argv.includes('--files')) {
  const rows = [...load.entry].map(([file, bytes]) => ({ file, bytes, part: 'entry' }));
  for (const [file, bytes] of load.home) rows.push({ file, bytes, part: 'home page' });
  for (const row of rows.sort((a, b) => b.bytes - a.bytes)) {
    console.log(`  ${(row.bytes / 1024).toFixed(1).padStart(6)} kB  ${row.file}  (${row.part})`);
  }
}

const total = kb(load.totalBytes);
console.log(`JS for / (gzip): ${total} kB (budget ≤ ${FIRST_LOAD_BUDGET_KB} kB)`);
console.log(`  entry: ${kb(load.entryBytes)} kB in ${load.entry.size} files; home page: ${kb(load.totalBytes - load.entryBytes)} kB in ${load.home.size} files`);
const admin = load.adminFiles;
console.log(`admin console in the first load: ${admin.length === 0 ? 'no' : admin.join(', ')} (budget: no)`);
process.exit(total <= FIRST_LOAD_BUDGET_KB && admin.length === 0 ? 0 : 1);
