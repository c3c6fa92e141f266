#!/usr/bin/env node
/**
 * Every document the repository cites must be in the repository (docs/decisions/README.md).
 *
 *   node scripts/check-doc-refs.mjs [root]
 *
 * Reads the text files git tracks under `root` (the repository by default; a folder outside any git
 * work tree, such as a test's fixture, is read whole) and reports, as file:line, each line that
 * - names a note kept outside the repository (design, style and stack notes, a product brief and its
 *   numbered sections): what the repository relies on is in docs/product.md, docs/architecture.md and
 *   docs/decisions/; or
 * - points at a `docs/….md` file, or a decision record `docs/decisions/NNNN`, that does not exist.
 * Exits 1 when it found any. Plain Node, no dependencies: it runs before anything is installed.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

// The forbidden names are spelled in pieces so that this file does not report itself.
const OUTSIDE_NOTES = ['DESIGN', 'STYLE', 'STACK'].map((name) => `${name}.md`);
const OUTSIDE_NOTE =
  'not in the repository: docs/product.md, docs/architecture.md and docs/decisions/ hold what it said';
const OUTSIDE_BRIEF = 'not in the repository: the product rules are docs/product.md §1–9';
const OUTSIDE_PATTERNS = [
  {
    pattern: new RegExp(`\\b(${OUTSIDE_NOTES.map((note) => note.replace('.', '\\.')).join('|')})\\b`, 'g'),
    problem: OUTSIDE_NOTE,
  },
  // "<brief> §N" → docs/product.md §N.
  { pattern: new RegExp(`\\b(${'sp' + 'ec'} \\u00a7\\s*[0-9]*)`, 'gi'), problem: OUTSIDE_BRIEF },
  { pattern: new RegExp(`(${['storefront', 'spec'].join('-')}[\\w.]*)`, 'g'), problem: OUTSIDE_BRIEF },
];

/** `docs/….md`, not as the tail of a longer path or address (`/docs/json` is an API route). */
const DOC_PATH = /(?<![\w./-])(docs\/[\w./-]*?\.md)\b/g;
/** `docs/decisions/0008`, and the numbers listed after it: `docs/decisions/0005, 0008 and 0009`. */
const DECISION_REF = /(?<![\w./-])docs\/decisions\/(\d{4})(?![\w-])((?:\s*(?:,|and|&)\s*\d{4}\b)*)/g;

const SKIPPED_FILES = new Set(['package-lock.json']);
const SKIPPED_DIRS = new Set(['.git', 'node_modules', 'dist', 'data', 'test-results', 'playwright-report']);
const MAX_BYTES = 2 * 1024 * 1024;

function isGitRoot(root) {
  try {
    const top = execFileSync('git', ['rev-parse', '--show-toplevel'], {
      cwd: root,
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
    });
    return path.resolve(top.trim()) === path.resolve(root);
  } catch {
    return false;
  }
}

function walk(root, dir = '') {
  const files = [];
  for (const entry of readdirSync(path.join(root, dir), { withFileTypes: true })) {
    const relative = dir ? `${dir}/${entry.name}` : entry.name;
    if (entry.isDirectory()) {
      if (!SKIPPED_DIRS.has(entry.name)) files.push(...walk(root, relative));
    } else if (entry.isFile()) {
      files.push(relative);
    }
  }
  return files;
}

/** The files to read, relative to `root` with forward slashes. */
export function listFiles(root) {
  if (isGitRoot(root)) {
    return execFileSync('git', ['ls-files', '-z'], { cwd: root, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 })
      .split('\0')
      .filter(Boolean);
  }
  return walk(root);
}

function readText(file) {
  let stat;
  try {
    stat = statSync(file);
  } catch {
    return null; // listed by git but deleted in the work tree
  }
  if (!stat.isFile() || stat.size > MAX_BYTES) return null;
  const bytes = readFileSync(file);
  if (bytes.subarray(0, 8000).includes(0)) return null; // binary
  return bytes.toString('utf8');
}

/**
 * The lines of `root`'s files that cite a document the repository does not have.
 * @returns {{ file: string, line: number, ref: string, problem: string }[]}
 */
export function findDocRefProblems(root) {
  const decisionNumbers = new Set(
    (existsSync(path.join(root, 'docs/decisions')) ? readdirSync(path.join(root, 'docs/decisions')) : [])
      .map((name) => /^(\d{4})-.*\.md$/.exec(name)?.[1])
      .filter(Boolean),
  );
  const problems = [];
  for (const file of listFiles(root)) {
    if (SKIPPED_FILES.has(path.basename(file))) continue;
    const text = readText(path.join(root, file));
    if (text === null) continue;
    text.split(/\r?\n/).forEach((content, index) => {
      const report = (ref, problem) => problems.push({ file, line: index + 1, ref, problem });
      for (const { pattern, problem } of OUTSIDE_PATTERNS) {
        for (const match of content.matchAll(pattern)) report(match[1].trim(), problem);
      }
      for (const match of content.matchAll(DOC_PATH)) {
        if (!existsSync(path.join(root, match[1]))) report(match[1], 'no such file in the repository');
      }
      for (const match of content.matchAll(DECISION_REF)) {
        const numbers = [match[1], ...(match[2].match(/\d{4}/g) ?? [])];
        for (const number of numbers) {
          if (!decisionNumbers.has(number)) report(`docs/decisions/${number}`, 'no such decision record');
        }
      }
    });
  }
  return problems;
}

function main() {
  const root = path.resolve(process.argv[2] ?? path.join(path.dirname(fileURLToPath(import.meta.url)), '..'));
  const problems = findDocRefProblems(root);
  for (const { file, line, ref, problem } of problems) console.log(`${file}:${line}: ${ref} — ${problem}`);
  if (problems.length > 0) {
    const files = new Set(problems.map((item) => item.file)).size;
    console.log(
      `\ncheck-doc-refs: ${problems.length} reference(s) to documents the repository does not have, in ${files} file(s)`,
    );
    process.exit(1);
  }
  console.log('check-doc-refs: every cited document is in the repository');
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) main();
