import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
// @ts-expect-error -- a plain Node script without type declarations
import { findDocRefProblems } from './check-doc-refs.mjs';

const SCRIPT = path.join(import.meta.dirname, 'check-doc-refs.mjs');
// Spelled in pieces, as in the script, so that the repository's own check does not report this file.
const OUTSIDE_NOTE = ['DES', 'IGN.md'].join('');
const BRIEF_SECTION = ['Spec', ' \u00a7', '5'].join('');
const MISSING_DOC = ['docs', 'architecture.md'].join('/');
const MISSING_RECORD = ['docs', 'decisions', '0016-budget-table.md'].join('/');

const roots: string[] = [];
afterEach(() => {
  for (const root of roots.splice(0)) rmSync(root, { recursive: true, force: true });
});

/** A folder outside any git work tree holding `files` (path → text): the script reads it whole. */
function fixture(files: Record<string, string>): string {
  const root = mkdtempSync(path.join(tmpdir(), 'doc-refs-'));
  roots.push(root);
  for (const [file, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    writeFileSync(path.join(root, file), text);
  }
  return root;
}

const DOCS = {
  'docs/product.md': '# Rules\n',
  'docs/decisions/0001-runtime-public-config.md': '# 0001\n',
  'docs/decisions/0002-public-file-route.md': '# 0002\n',
};

/** Runs the script as `npm run lint` does; returns its exit code and output. */
function run(root: string): { code: number; output: string } {
  try {
    return { code: 0, output: execFileSync(process.execPath, [SCRIPT, root], { encoding: 'utf8' }) };
  } catch (error) {
    const failed = error as { status: number; stdout: string };
    return { code: failed.status, output: failed.stdout };
  }
}

describe('check-doc-refs', () => {
  it('passes a tree whose every cited document exists', () => {
    const root = fixture({
      ...DOCS,
      'src/a.ts': [
        '// The rule is docs/product.md §5; why, docs/decisions/0001 and docs/decisions/0002-public-file-route.md.',
        '// docs/decisions/0001, 0002 and the API route /docs/json are fine too.',
      ].join('\n'),
    });
    expect(run(root)).toEqual({ code: 0, output: 'check-doc-refs: every cited document is in the repository\n' });
  });

  it('names file and line of each outside note, missing document and missing decision record', () => {
    const root = fixture({
      ...DOCS,
      'src/b.ts': [
        'const ok = 1;',
        `// See ${OUTSIDE_NOTE} § Errors.`,
        `/** ${BRIEF_SECTION}: the submit checks. */`,
        `// ${MISSING_DOC} "Layers" and docs/decisions/0002, 0009.`,
        `// ${MISSING_RECORD}`,
      ].join('\n'),
    });
    expect(
      findDocRefProblems(root).map(
        ({ file, line, ref }: { file: string; line: number; ref: string }) => `${file}:${line} ${ref}`,
      ),
    ).toEqual([
      `src/b.ts:2 ${OUTSIDE_NOTE}`,
      `src/b.ts:3 ${BRIEF_SECTION}`,
      `src/b.ts:4 ${MISSING_DOC}`,
      'src/b.ts:4 docs/decisions/0009',
      `src/b.ts:5 ${MISSING_RECORD}`,
    ]);
    const { code, output } = run(root);
    expect(code).toBe(1);
    expect(output).toContain(`src/b.ts:2: ${OUTSIDE_NOTE} — not in the repository`);
    expect(output).toContain('5 reference(s) to documents the repository does not have, in 1 file(s)');
  });

  it('skips binary files and dependencies', () => {
    const root = fixture({
      ...DOCS,
      'node_modules/pkg/readme.md': `see ${OUTSIDE_NOTE}`,
      'picture.png': `\u0000PNG ${OUTSIDE_NOTE}`,
    });
    expect(run(root).code).toBe(0);
  });
});
