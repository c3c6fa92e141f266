import { expect, test, type Page } from '@playwright/test';
import { ADMIN_EMAIL, api, apiSignIn, catalogue, decodeQr, hydrated, newEmail, seriousViolations, signIn, signInWithDemo, snapshot } from './support';

interface Order {
  id: string;
  code: string;
  pay_qr_code: string;
  total_coin: number;
}

const LOGIN_GAME = 'Rồng Thiêng Online';
const UID_GAME = 'Đảo Sinh Tồn';

const accessToken = (page: Page) => page.evaluate(() => localStorage.getItem('accessToken'));
const errorToast = (page: Page) => page.getByRole('alert').filter({ hasText: /./ });

async function fillUidForm(page: Page, name = 'Nguyễn Văn A') {
  await page.getByLabel(/^Họ tên/).fill(name);
  await page.getByLabel(/^Server/).fill('S1');
  await page.getByLabel(/^UID/).fill('123456789');
}

test.describe('the storefront', () => {
  test('anonymous browsing → add → sign-in dialog → sign in → back on the item page', async ({ page }, testInfo) => {
    const { byName } = await catalogue(page.request);
    const game = byName(LOGIN_GAME);
    await page.goto('/');
    await expect(page.getByRole('heading', { name: 'Lựa chọn trò chơi' })).toBeVisible();
    const cards = page.getByRole('list', { name: 'Lựa chọn trò chơi' }).getByRole('link');
    await expect(cards).toHaveCount(4);
    await expect(page.getByRole('link', { name: `${game.name} Login` })).toBeVisible();
    await expect(page.getByRole('link', { name: `${UID_GAME} UID` })).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
    await snapshot(page, testInfo, 'home');

    await page.getByRole('link', { name: `${game.name} Login` }).click();
    await expect(page).toHaveURL(new RegExp(`/item/${game.id}$`));
    await expect(page.getByText(`${game.name} - nạp qua đăng nhập`)).toBeVisible();
    await expect(page.getByText('Thời gian xử lý: không quá 10 phút')).toBeVisible();
    // The order form is for signed-in customers only.
    await expect(page.getByText('Thông tin của bạn')).toHaveCount(0);
    expect(await seriousViolations(page)).toEqual([]);
    await snapshot(page, testInfo, 'item-anonymous');

    const addButtons = page.getByRole('button', { name: /^Thêm vào giỏ/ });
    await addButtons.first().click();
    const dialog = page.getByRole('dialog', { name: 'Thông báo' });
    await expect(dialog).toContainText('Bạn cần đăng nhập để đặt hàng, chỉ mất 1s cho bước này thôi.');
    await dialog.getByRole('button', { name: 'Để lúc khác' }).click();
    await expect(dialog).toBeHidden();
    await expect(page).toHaveURL(new RegExp(`/item/${game.id}$`));

    await addButtons.first().click();
    await page.getByRole('dialog', { name: 'Thông báo' }).getByRole('link', { name: 'Đăng nhập' }).click();
    await signInWithDemo(page, newEmail(testInfo, 'duyet'));
    await expect(page).toHaveURL(new RegExp(`/item/${game.id}$`));
    await expect(page.getByText('Thông tin của bạn')).toBeVisible();

    // Back home, the chosen game's sale banner has replaced the default one.
    await page.getByRole('link', { name: 'Lucky Shop – Trang chủ' }).click();
    await expect(page.getByRole('img', { name: `Khuyến mãi ${game.name}` })).toBeVisible();
  });

  test('every validation message of the order form', async ({ page }, testInfo) => {
    const { byName } = await catalogue(page.request);
    await signIn(page, newEmail(testInfo, 'kiemtra'));
    const loginGame = byName(LOGIN_GAME);
    await page.goto(`/item/${loginGame.id}`);
    await hydrated(page);
    const order = page.getByRole('button', { name: 'Đặt hàng' });

    // Nothing filled, nothing chosen.
    await order.click();
    await expect(errorToast(page)).toContainText('Vui lòng điền đầy đủ thông tin');

    // Name and server but no game login.
    await page.getByLabel(/^Họ tên/).fill('Trần Thị B');
    await page.getByLabel(/^Server/).fill('S9');
    await order.click();
    await expect(errorToast(page)).toContainText('Vui lòng điền đầy đủ thông tin');

    // Everything filled, but the cart is empty.
    await page.getByLabel(/^Tên đăng nhập/).fill('tranb@example.com');
    await page.getByLabel(/^Mật khẩu game/).fill('bi-mat-123');
    await order.click();
    await expect(errorToast(page)).toContainText('Vui lòng chọn sản phẩm');
    await snapshot(page, testInfo, 'item-validation');

    // A UID game asks for the UID instead of a login.
    const uidGame = byName(UID_GAME);
    await page.goto(`/item/${uidGame.id}`);
    await hydrated(page);
    await expect(page.getByText(`${uidGame.name} - nạp qua UID`)).toBeVisible();
    await expect(page.getByLabel(/^Mật khẩu game/)).toHaveCount(0);
    await page.getByLabel(/^Họ tên/).fill('Trần Thị B');
    await page.getByLabel(/^Server/).fill('S9');
    await page.getByRole('button', { name: /^Thêm vào giỏ/ }).first().click();
    await page.getByRole('button', { name: 'Đặt hàng' }).click();
    await expect(errorToast(page)).toContainText('Vui lòng điền đầy đủ thông tin');
  });

  test('a bank order reaches its detail page with a scannable VietQR matching the API, and the badge counts it', async ({ page }, testInfo) => {
    const { byName, items } = await catalogue(page.request);
    const game = byName(UID_GAME);
    const [first, second] = await items(game);
    await signIn(page, newEmail(testInfo, 'chuyenkhoan'));
    await page.goto(`/item/${game.id}`);
    await hydrated(page);
    await expect(page.getByText('Thông tin của bạn')).toBeVisible();
    await fillUidForm(page);

    await page.getByRole('button', { name: `Thêm vào giỏ: ${first!.name}` }).click();
    await expect(page.getByText(`Thêm ${first!.name} vào giỏ hàng thành công`)).toBeVisible();
    await page.getByRole('button', { name: `Thêm vào giỏ: ${second!.name}` }).click();
    await page.getByRole('button', { name: `Tăng số lượng ${first!.name}` }).click();
    await page.getByRole('button', { name: `Tăng số lượng ${second!.name}` }).click();
    await page.getByRole('button', { name: `Giảm số lượng ${second!.name}` }).click();
    await page.getByRole('button', { name: `Giảm số lượng ${second!.name}` }).click();
    // Second line removed at zero: 2 × first remains.
    const cart = page.getByRole('region', { name: /Giỏ hàng/ });
    await expect(cart.getByText(second!.name)).toHaveCount(0);
    const expected = 2 * first!.price;
    await expect(page.getByText(`${expected.toLocaleString('vi-VN')} VNĐ`).first()).toBeVisible();

    // The cart survives a reload.
    await page.reload();
    await expect(cart.getByText(first!.name)).toBeVisible();
    await fillUidForm(page);
    expect(await seriousViolations(page)).toEqual([]);
    await snapshot(page, testInfo, 'item-cart');

    await page.getByRole('button', { name: 'Đặt hàng' }).click();
    await expect(page).toHaveURL(/\/gameorder\/[0-9a-f-]{36}$/);
    const orderId = page.url().split('/').pop()!;
    const token = (await accessToken(page))!;
    const placed = await api<Order>(page.request, token, 'GET', `/order/api/v1/order/${orderId}`);

    await expect(page.getByText(placed.code).first()).toBeVisible();
    await expect(page.getByText('Đang chờ duyệt').first()).toBeVisible();
    await expect(page.getByText('Bằng chuyển khoản').first()).toBeVisible();
    const qr = page.getByRole('img', { name: `Mã QR chuyển khoản cho đơn ${placed.code}` });
    await expect(qr).toBeVisible();
    expect(await decodeQr(qr)).toBe(placed.pay_qr_code);
    await expect(page.getByRole('banner').getByRole('link', { name: 'Đơn hàng của bạn (1 đơn)' })).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
    await snapshot(page, testInfo, 'order-detail-bank');

    // A reload fetches the order by id instead of losing it.
    await page.reload();
    await expect(page.getByRole('img', { name: `Mã QR chuyển khoản cho đơn ${placed.code}` })).toBeVisible();

    await page.getByRole('button', { name: 'Xem danh sách đơn hàng' }).click();
    await expect(page).toHaveURL(/\/gameorder$/);
    await expect(page.getByRole('list', { name: 'Danh sách đơn hàng' }).getByRole('heading', { name: placed.code })).toBeVisible();
  });

  test('a coin order: coins granted by an admin, paid with Lucky coins, the balance goes down', async ({ page }, testInfo) => {
    const { byName, items } = await catalogue(page.request);
    const game = byName(UID_GAME);
    const [item] = await items(game);
    const email = newEmail(testInfo, 'coin');
    await signIn(page, email);
    const me = await api<{ id: string }>(page.request, (await accessToken(page))!, 'GET', '/user/api/v1/user');
    const adminToken = await apiSignIn(page.request, ADMIN_EMAIL);
    const granted = item!.coin * 3;
    await api(page.request, adminToken, 'POST', '/bank/api/v1/admin/adjust', { user_id: me.id, delta: granted, reason: 'Khuyến mãi thử nghiệm' });

    await page.goto(`/item/${game.id}`);
    await hydrated(page);
    const balance = page.getByRole('banner').getByTitle('Số coin của bạn');
    await expect(balance).toHaveText(new RegExp(`${granted.toLocaleString('vi-VN')}$`));
    await fillUidForm(page);
    await page.getByRole('button', { name: `Thêm vào giỏ: ${item!.name}` }).click();
    await page.getByRole('button', { name: 'Bằng đổi coin' }).click();
    // No gift coins when paying by coins.
    await expect(page.getByRole('region', { name: /Giỏ hàng/ }).getByText('+0')).toBeVisible();
    await page.getByRole('button', { name: 'Đặt hàng' }).click();

    await expect(page).toHaveURL(/\/gameorder\/[0-9a-f-]{36}$/);
    await expect(page.getByText('Bằng đổi coin').first()).toBeVisible();
    await expect(balance).toHaveText(new RegExp(`${(granted - item!.coin).toLocaleString('vi-VN')}$`));
    await snapshot(page, testInfo, 'order-detail-coin');
  });

  test('the order list pages 10 at a time', async ({ page }, testInfo) => {
    const { byName, items } = await catalogue(page.request);
    const game = byName(UID_GAME);
    const [item] = await items(game);
    const email = newEmail(testInfo, 'danhsach');
    const token = await apiSignIn(page.request, email);
    const codes: string[] = [];
    for (let i = 0; i < 12; i++) {
      const order = await api<Order>(page.request, token, 'POST', '/order/api/v1/order', {
        order_bank_name: 'Lê Văn C',
        order_server: 'S1',
        order_uid: `uid-${i}`,
        order_pay_method: 1,
        order_items: [{ id: item!.id, quantity: 1 }],
      });
      codes.push(order.code);
    }
    await signIn(page, email);
    await page.goto('/gameorder');
    await expect(page.getByRole('heading', { name: 'Danh sách đơn hàng' })).toBeVisible();
    const list = page.getByRole('list', { name: 'Danh sách đơn hàng' });
    await expect(list.getByRole('listitem')).toHaveCount(10);
    // Newest first.
    await expect(list.getByRole('listitem').first()).toContainText(codes[11]!);
    const pagination = page.getByRole('navigation', { name: 'Phân trang danh sách đơn hàng' });
    await expect(pagination.getByRole('link', { name: /^Trang 2/ })).toBeVisible();
    await expect(pagination.getByRole('link', { name: /^Trang 3/ })).toHaveCount(0);
    expect(await seriousViolations(page)).toEqual([]);
    await snapshot(page, testInfo, 'order-list');

    await pagination.getByRole('link', { name: /^Trang 2/ }).click();
    await expect(page).toHaveURL(/page=2/);
    await expect(list.getByRole('listitem')).toHaveCount(2);
    await expect(list).toContainText(codes[0]!);
  });
});
