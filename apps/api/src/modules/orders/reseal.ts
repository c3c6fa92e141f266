/**
 * The start-up re-seal of game passwords (docs/decisions/0011): every open order's password that is not
 * v2 under the current SECRET_KEY — sealed before v2 (unbound to its order) or under a key now in
 * SECRET_KEY_PREVIOUS — is opened and sealed again under SECRET_KEY, bound to its order id. After it, the
 * previous key can be dropped from the settings.
 *
 * Safe with several instances starting at once: each row is replaced only if it still holds what was read.
 * A password that no configured key opens is left as it is and counted (its reveal answers
 * 'passwordUnreadable' until the right key is configured again).
 */
import type { AppContext } from '../../context.js';
import * as repo from './repository.js';

const BATCH = 200;

export interface ResealResult {
  resealed: number;
  unreadable: number;
}

export async function resealOrderPasswords(ctx: AppContext): Promise<ResealResult> {
  const result: ResealResult = { resealed: 0, unreadable: 0 };
  let afterId: string | null = null;
  for (;;) {
    const page = await repo.findSealedPasswords(ctx.db, afterId, BATCH);
    for (const { id, passEncrypted } of page) {
      if (ctx.secretBox.isCurrent(passEncrypted)) continue;
      let plaintext: string;
      try {
        plaintext = ctx.secretBox.open(passEncrypted, id);
      } catch {
        result.unreadable += 1;
        continue;
      }
      if (await repo.replaceSealedPassword(ctx.db, id, passEncrypted, ctx.secretBox.seal(plaintext, id))) result.resealed += 1;
    }
    if (page.length < BATCH) break;
    afterId = page[page.length - 1]!.id;
  }
  if (result.resealed > 0) ctx.log.info(result, 'game passwords re-sealed under the current SECRET_KEY');
  // Never the password or the key: only how many.
  if (result.unreadable > 0) ctx.log.warn(result, 'game passwords that no configured SECRET_KEY opens: set the old key in SECRET_KEY_PREVIOUS');
  return result;
}
