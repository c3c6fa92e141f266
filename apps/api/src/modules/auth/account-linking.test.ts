/**
 * Which account a sign-in opens (docs/decisions/0011): the provider's own id of the person first; an email
 * only when the provider vouches for it (Google's email_verified) — Facebook's never. Driven through the
 * local stand-ins of Google's key set and Facebook's Graph API.
 */
import { describe, expect, it } from 'vitest';
import { useProviderStandIns } from '../../test/provider-stand-ins.js';
import { useTestApp } from '../../test/suite.js';

const ADMIN_EMAIL = 'admin@lucky.test';

const providers = useProviderStandIns();
const t = useTestApp(() => ({ ...providers.env, ADMIN_EMAILS: ADMIN_EMAIL }));

interface Me {
  id: string;
  email: string;
  name: string;
  is_admin: boolean;
}

async function signIn(provider: string, userAccessToken: string): Promise<{ token: string; me: Me }> {
  const res = await t.request({ method: 'POST', url: `/auth/api/v1/auth/${provider}-sign-in`, payload: { user_access_token: userAccessToken } });
  expect(res.statusCode, res.body).toBe(200);
  const token = res.json().access_token as string;
  const me = await t.request({ method: 'GET', url: '/user/api/v1/user', token });
  return { token, me: me.json() };
}

const withGoogle = async (claims: Record<string, unknown>) => signIn('google', await providers.google.idToken(claims));

let fbTokens = 0;
function withFacebook(account: { id: string; name: string; email: string }) {
  const token = `fb-linking-${(fbTokens += 1)}`;
  providers.graph.addToken(token, account);
  return signIn('facebook', token);
}

describe('accounts are found by the provider’s subject', () => {
  it('finds a Google account again by its subject, even after the address changed at Google', async () => {
    const first = await withGoogle({ sub: 'google-sub-1', email: 'hai.old@gmail.com', name: 'Hải' });
    const again = await withGoogle({ sub: 'google-sub-1', email: 'hai.new@gmail.com', name: 'Lê Hải' });
    expect(again.me).toMatchObject({ id: first.me.id, name: 'Lê Hải' });
  });

  it('finds a Facebook account again by its id, whatever email Facebook shows', async () => {
    const first = await withFacebook({ id: 'fb-subject-1', name: 'Phạm Hùng', email: 'hung@fb.test' });
    const again = await withFacebook({ id: 'fb-subject-1', name: 'Phạm Hùng', email: 'hung.other@fb.test' });
    expect(again.me.id).toBe(first.me.id);
  });

  it('creates one account when the same person signs in for the first time twice at once', async () => {
    const token = await providers.google.idToken({ sub: 'google-sub-twice', email: 'cung.luc@gmail.com' });
    const results = await Promise.all(
      [1, 2, 3, 4].map(() => t.request({ method: 'POST', url: '/auth/api/v1/auth/google-sign-in', payload: { user_access_token: token } })),
    );
    const ids = new Set<string>();
    for (const res of results) {
      expect(res.statusCode, res.body).toBe(200);
      ids.add((await t.request({ method: 'GET', url: '/user/api/v1/user', token: res.json().access_token })).json().id);
    }
    expect(ids.size).toBe(1);
  });
});

describe('an email links accounts only when the provider verified it', () => {
  it('links a new Google sign-in to the account of the same verified email', async () => {
    const demo = await signIn('demo', 'thao@gmail.com');
    const viaGoogle = await withGoogle({ sub: 'google-sub-thao', email: 'Thao@Gmail.com', name: 'Nguyễn Thảo' });
    expect(viaGoogle.me).toMatchObject({ id: demo.me.id, name: 'Nguyễn Thảo' });
    // Another Google account vouching for the same address lands there too.
    expect((await withGoogle({ sub: 'google-sub-thao-2', email: 'thao@gmail.com' })).me.id).toBe(demo.me.id);
  });

  it('never lets a Facebook sign-in into an account made with Google, by email: it gets its own', async () => {
    const owner = await withGoogle({ sub: 'google-sub-lan', email: 'lan.tran@gmail.com', name: 'Trần Lan' });
    const facebook = await withFacebook({ id: 'fb-subject-lan', name: 'Kẻ Mạo Danh', email: 'lan.tran@gmail.com' });
    expect(facebook.me.id).not.toBe(owner.me.id);
    expect(facebook.me).toMatchObject({ email: 'lan.tran@gmail.com', name: 'Kẻ Mạo Danh' });
    // The owner's account is untouched, and Google still opens it.
    expect((await withGoogle({ sub: 'google-sub-lan', email: 'lan.tran@gmail.com', name: 'Trần Lan' })).me).toMatchObject({ id: owner.me.id, name: 'Trần Lan' });
    // Facebook keeps opening its own account.
    expect((await withFacebook({ id: 'fb-subject-lan', name: 'Kẻ Mạo Danh', email: 'lan.tran@gmail.com' })).me.id).toBe(facebook.me.id);
  });

  it('does not let an address first shown by Facebook claim the account of the person who owns it', async () => {
    const facebook = await withFacebook({ id: 'fb-subject-kim', name: 'Ai Đó', email: 'kim@gmail.com' });
    const owner = await withGoogle({ sub: 'google-sub-kim', email: 'kim@gmail.com', name: 'Kim' });
    expect(owner.me.id).not.toBe(facebook.me.id);
    expect(owner.me).toMatchObject({ email: 'kim@gmail.com', name: 'Kim' });
  });

  it('grants no admin rights to a Facebook account showing an admin’s email; the admin’s own sign-in keeps them', async () => {
    const impostor = await withFacebook({ id: 'fb-subject-admin', name: 'Admin?', email: ADMIN_EMAIL });
    expect(impostor.me.is_admin).toBe(false);
    const list = await t.request({ method: 'GET', url: '/order/api/v1/admin/order/list?status=-1', token: impostor.token });
    expect(list.statusCode).toBe(403);

    const admin = await withGoogle({ sub: 'google-sub-admin', email: ADMIN_EMAIL, name: 'Chủ shop' });
    expect(admin.me.id).not.toBe(impostor.me.id);
    expect(admin.me.is_admin).toBe(true);
    expect((await t.request({ method: 'GET', url: '/order/api/v1/admin/order/list?status=-1', token: admin.token })).statusCode).toBe(200);
  });
});
