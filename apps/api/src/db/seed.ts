import type { AppContext } from '../context.js';

/** Demo catalogue: filled in by the catalogue work. */
export async function seedDemo(_ctx: AppContext): Promise<void> {}
