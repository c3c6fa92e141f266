/**
 * The layout's one rule for imports (STYLE.md): shared → features → app. A feature never imports
 * another feature — what two features need together is composed in app/, and what they share without
 * business rules lives in components/ or lib/. Checked on the source, so a new import that breaks the
 * rule fails here with the file and the import.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const src = path.resolve(__dirname, '..');
const featuresDir = path.join(src, 'features');

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

const relativeImports = (file: string) =>
  [...fs.readFileSync(file, 'utf8').matchAll(/(?:from|import)\s*\(?\s*['"](\.{1,2}\/[^'"]+)['"]/g)].map((m) => m[1]!);

/** The feature a path lies in, or null outside features/. */
function featureOf(file: string): string | null {
  const relative = path.relative(featuresDir, file);
  return relative.startsWith('..') ? null : relative.split(path.sep)[0]!;
}

describe('imports between parts of the web app', () => {
  it('finds the features it checks', () => {
    const features = fs.readdirSync(featuresDir);
    expect(features).toEqual(expect.arrayContaining(['catalog', 'cart', 'checkout', 'orders', 'auth', 'admin-orders']));
  });

  it('no feature imports another feature', () => {
    const crossings: string[] = [];
    for (const file of sourceFiles(featuresDir)) {
      const own = featureOf(file);
      for (const specifier of relativeImports(file)) {
        const target = featureOf(path.resolve(path.dirname(file), specifier));
        if (target && target !== own) crossings.push(`${path.relative(src, file)} → ${specifier}`);
      }
    }
    expect(crossings).toEqual([]);
  });

  it('components/ and lib/ import no feature and nothing from app/', () => {
    const crossings: string[] = [];
    for (const dir of ['components', 'lib']) {
      for (const file of sourceFiles(path.join(src, dir))) {
        for (const specifier of relativeImports(file)) {
          const target = path.relative(src, path.resolve(path.dirname(file), specifier));
          if (target.startsWith('features') || target.startsWith('app')) crossings.push(`${path.relative(src, file)} → ${specifier}`);
        }
      }
    }
    expect(crossings).toEqual([]);
  });
});
