/**
 * The import rules of eslint.config.js, tried on probe files: the orders module is the only one that may
 * name the order tables, a module's service.ts is its only public face, and each layer of the API imports
 * only from below it (docs/architecture.md "Layers and modules").
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const eslint = new ESLint({ cwd: root });

/** The rule ids and messages ESLint reports for `code` as if it were the file at `file` (relative to src/). */
async function lint(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, 'apps/api/src', file) });
  return (result?.messages ?? []).map((message) => `${message.ruleId}: ${message.message}`);
}

describe('the API import rules', () => {
  it('refuse the order tables outside the orders module, and allow them inside it', async () => {
    const probe = "import { orders, orderLines } from '../../db/schema.js';\nexport const probe = [orders, orderLines];\n";
    const outside = await lint('modules/payments/probe.ts', probe);
    expect(outside.filter((m) => m.startsWith('no-restricted-imports'))).toHaveLength(2);
    expect(outside.join('\n')).toContain('The order tables belong to modules/orders');
    expect(await lint('modules/orders/probe.ts', probe)).toEqual([]);
    // Other tables stay open to their modules.
    expect(await lint('modules/payments/probe.ts', "import { bankTransfers } from '../../db/schema.js';\nexport const probe = bankTransfers;\n")).toEqual([]);
  });

  it("refuse another module's files but its service.ts", async () => {
    const inside = await lint('modules/payments/probe.ts', "import { lockOrder } from '../orders/lifecycle-repository.js';\nexport const probe = lockOrder;\n");
    expect(inside.join('\n')).toContain("a module's service.ts is its only public face");
    expect(await lint('modules/payments/probe.ts', "import { getOrder } from '../orders/service.js';\nexport const probe = getOrder;\n")).toEqual([]);
    expect(await lint('jobs/probe.ts', "import { settleOverdueOrder } from '../modules/orders/lifecycle.js';\nexport const probe = settleOverdueOrder;\n")).not.toEqual([]);
  });

  it('keep each layer to what lies below it', async () => {
    const upward: [string, string][] = [
      ['lib/probe.ts', "import { openDatabase } from '../db/client.js';\nexport const probe = openDatabase;\n"],
      ['db/probe.ts', "import { getOrder } from '../modules/orders/service.js';\nexport const probe = getOrder;\n"],
      ['plugins/probe.ts', "import { getOrder } from '../modules/orders/service.js';\nexport const probe = getOrder;\n"],
      ['modules/payments/probe.ts', "import { runDeadlineSweep } from '../../jobs/deadline.js';\nexport const probe = runDeadlineSweep;\n"],
      ['context.ts', "import { getOrder } from './modules/orders/service.js';\nexport const probe = getOrder;\n"],
    ];
    for (const [file, code] of upward) {
      const messages = await lint(file, code);
      expect(messages.some((m) => m.startsWith('boundaries/dependencies')), file).toBe(true);
    }
    // A type from a module's service is what context.ts may name.
    expect(await lint('context.ts', "import type { EventHub } from './modules/events/service.js';\nexport type Probe = EventHub;\n")).toEqual([]);
  });
});
