/**
 * The contract schemas the web app's first load checks: the injected public config, a token pair and
 * the active platforms (with one platform). They are written once, here, with `zod/mini`, and
 * schemas.ts re-exports them: the API validates and documents with the very schemas the frame parses with.
 *
 * Why mini: the frame and the home page are in the first load (docs/decisions/0007). These schemas add
 * ~16 kB gzip to it; the same shapes in classic zod, with the rest of schemas.ts, add ~27 kB. This
 * module must import nothing but `zod/mini` at run time; classic zod stays in lazily loaded chunks.
 */
import * as z from 'zod/mini';

// ---------- auth ----------
export const tokenPair = z.object({ access_token: z.string(), refresh_token: z.string() });
export type TokenPair = z.infer<typeof tokenPair>;

// ---------- catalogue ----------
export const shopConfig = z.object({
  need_login: z.boolean(),
  sale_picture: z.nullable(z.string()),
});
export const platform = z.object({
  id: z.int(),
  name: z.string(),
  picture: z.nullable(z.string()),
  is_active: z.boolean(),
  shop_config: shopConfig,
});
export type Platform = z.infer<typeof platform>;
export const platformList = z.array(platform);

// ---------- public config (what the API injects into index.html, docs/decisions/0001) ----------
export const publicConfig = z.object({
  api_key: z.string(),
  google_client_id: z.nullable(z.string()),
  demo_sign_in: z.boolean(),
  facebook_enabled: z.boolean(),
  bank: z.object({ bin: z.string(), name: z.string(), account_number: z.string(), account_holder: z.string() }),
  support: z.object({ social_url: z.string(), chat_url: z.string(), messenger_url: z.string() }),
});
export type PublicConfig = z.infer<typeof publicConfig>;
