/**
 * The layout's rule for the API (STYLE.md): a module never reaches into another module's repository
 * or routes — it calls the other's service. Checked on the source, so a new import that breaks the
 * rule fails here with the file and the import.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const modulesDir = path.join(path.dirname(fileURLToPath(import.meta.url)), 'modules');

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return entry.name.endsWith('.ts') ? [full] : [];
  });
}

describe('imports between API modules', () => {
  it('finds the modules it checks', () => {
    expect(fs.readdirSync(modulesDir)).toEqual(expect.arrayContaining(['orders', 'coins', 'users', 'admin-orders']));
  });

  it("no module imports another module's repository or routes", () => {
    const crossings: string[] = [];
    for (const file of sourceFiles(modulesDir)) {
      const own = path.relative(modulesDir, file).split(path.sep)[0];
      for (const [, specifier] of fs.readFileSync(file, 'utf8').matchAll(/from\s+['"](\.{1,2}\/[^'"]+)['"]/g)) {
        const target = path.relative(modulesDir, path.resolve(path.dirname(file), specifier!));
        const [module, ...rest] = target.split(path.sep);
        if (target.startsWith('..') || module === own) continue;
        if (/^(repository|routes)\.js$/.test(rest.join('/'))) crossings.push(`${path.relative(modulesDir, file)} → ${specifier}`);
      }
    }
    expect(crossings).toEqual([]);
  });
});
