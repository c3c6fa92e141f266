/**
 * The customer's journeys on a phone held in one hand (Pixel 7 and iPhone 13 screens with touch, in
 * Chromium): from home to a placed order without scrolling back for the cart, the order page at its top,
 * paying from the same phone (the QR saved as a picture, the banking apps' links), the page's scroll on
 * Back, all axe-clean.
 */
import fs from 'node:fs/promises';
import { devices, expect, test, type Page } from '@playwright/test';
import jsQR from 'jsqr';
import { PNG } from 'pngjs';
import { api, catalogue, hydrated, newEmail, placeBankOrder, seriousViolations, signIn, snapshot } from './support';

interface Order {
  id: string;
  code: string;
  pay_qr_code: string;
  total_price: number;
}

const UID_GAME = 'Đảo Sinh Tồn';
const SHOP_ACCOUNT = '0123456789';

/** A device's screen, touch and user agent, in the config's Chromium (WebKit is not what runs here). */
function phone(name: 'Pixel 7' | 'iPhone 13') {
  // eslint-disable-next-line @typescript-eslint/no-unused-vars
  const { defaultBrowserType, ...device } = devices[name];
  return device;
}

const accessToken = (page: Page) => page.evaluate(() => localStorage.getItem('accessToken'));
const scrollY = (page: Page) => page.evaluate(() => Math.round(window.scrollY));
/** Where a scroll comes to rest: the position once two frames in a row leave it where it was. */
const restingScrollY = (page: Page) =>
  page.evaluate(
    () =>
      new Promise<number>((resolve) => {
        let last = -1;
        const check = () => {
          const y = Math.round(window.scrollY);
          if (y === last) resolve(y);
          else {
            last = y;
            requestAnimationFrame(() => requestAnimationFrame(check));
          }
        };
        check();
      }),
  );
const cartBar = (page: Page) => page.locator('.ls-cart-bar');
/** The cart bar's button as a screen reader names it: "2 sản phẩm, 40.000 VNĐ: xem giỏ hàng". */
const barName = (count: number, total: string) =>
  new RegExp(`^${count} sản phẩm\\s?,\\s?${total.replace(/\./g, '\\.')}\\s?:\\s?xem giỏ hàng$`);

/** The element's box lies within the screen (layout viewport). */
async function onScreen(page: Page, box: { x: number; y: number; width: number; height: number } | null): Promise<boolean> {
  const viewport = page.viewportSize()!;
  return box !== null && box.y >= 0 && box.y + box.height <= viewport.height + 0.5 && box.x >= 0 && box.x + box.width <= viewport.width + 0.5;
}

/** Records every text the page's canvases draw (the QR picture's lines), in order. */
async function recordCanvasText(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const drawn: string[] = [];
    (window as unknown as { __drawnTexts: string[] }).__drawnTexts = drawn;
    const original = CanvasRenderingContext2D.prototype.fillText;
    CanvasRenderingContext2D.prototype.fillText = function (text: string, x: number, y: number, maxWidth?: number) {
      drawn.push(text);
      return maxWidth === undefined ? original.call(this, text, x, y) : original.call(this, text, x, y, maxWidth);
    };
  });
}
const drawnTexts = (page: Page) => page.evaluate(() => (window as unknown as { __drawnTexts: string[] }).__drawnTexts);

for (const deviceName of ['Pixel 7', 'iPhone 13'] as const) {
  test.describe(`on a phone (${deviceName})`, () => {
    test.use(phone(deviceName));

    test('home → placed order without scrolling back for the cart; the order page opens at its top', async ({ page }, testInfo) => {
      const { byName, items } = await catalogue(page.request);
      const game = byName(UID_GAME);
      const gameItems = await items(game);
      const last = gameItems.at(-1)!;
      await signIn(page, newEmail(testInfo, 'dienthoai'));
      await hydrated(page);

      // Game cards 3 per row.
      const cards = page.getByRole('list', { name: 'Lựa chọn trò chơi' }).getByRole('listitem');
      await expect(cards).toHaveCount(4);
      const tops = await cards.evaluateAll((elements) => elements.slice(0, 4).map((element) => Math.round(element.getBoundingClientRect().top)));
      expect(tops.slice(0, 3).every((top) => top === tops[0])).toBe(true);
      expect(tops[3]).toBeGreaterThan(tops[0]!);
      expect(await seriousViolations(page)).toEqual([]);

      await page.getByRole('link', { name: `${game.name} UID` }).tap();
      await expect(page).toHaveURL(new RegExp(`/item/${game.id}$`));
      await hydrated(page);
      expect(await scrollY(page)).toBe(0);

      // Item cards 2 per row, each with an add target of at least 44 × 44 px.
      const addButtons = page.getByRole('button', { name: /^Thêm vào giỏ: / });
      await expect(addButtons).toHaveCount(gameItems.length);
      const boxes = await addButtons.evaluateAll((elements) =>
        elements.slice(0, 3).map((element) => {
          const box = element.closest('article')!.getBoundingClientRect();
          const button = element.getBoundingClientRect();
          return { top: Math.round(box.top), width: button.width, height: button.height };
        }),
      );
      expect(boxes[0]!.top).toBe(boxes[1]!.top);
      expect(boxes[2]!.top).toBeGreaterThan(boxes[0]!.top);
      for (const box of boxes) {
        expect(box.width).toBeGreaterThanOrEqual(44);
        expect(box.height).toBeGreaterThanOrEqual(44);
      }

      await page.getByLabel(/^Họ tên/).fill('Nguyễn Văn A');
      await page.getByLabel(/^Server/).fill('S1');
      await page.getByLabel(/^UID/).fill('123456789');
      // Nothing in the cart yet: no bar.
      await expect(cartBar(page)).toHaveCount(0);

      // The last item, far down the list.
      await page.getByRole('button', { name: `Thêm vào giỏ: ${last.name}` }).tap();
      const openCart = page.getByRole('button', { name: /xem giỏ hàng$/ });
      await expect(openCart).toHaveAccessibleName(barName(1, `${last.price.toLocaleString('vi-VN')} VNĐ`));
      // The toast's code is fetched on first use: it is on screen (and its entrance under way) before the page
      // is checked with axe, which would otherwise read it half faded in, whenever it came.
      await expect(page.getByText(`Thêm ${last.name} vào giỏ hàng thành công`)).toBeVisible();
      const scrolledTo = await scrollY(page);
      expect(scrolledTo).toBeGreaterThan(300);
      const bar = await cartBar(page).boundingBox();
      expect(await onScreen(page, bar)).toBe(true);
      // The messenger button sits above the bar.
      const fab = await page.getByRole('link', { name: 'Nhắn tin với shop' }).boundingBox();
      expect(fab!.y + fab!.height).toBeLessThanOrEqual(bar!.y);
      expect(await seriousViolations(page)).toEqual([]);
      await snapshot(page, testInfo, `${deviceName}-item-bar`);

      // The sheet is ready before the tap (rendered closed once the page is idle), and hidden: nothing to see or reach.
      const closedSheet = page.locator('dialog.ls-cart-sheet');
      await expect(closedSheet).toHaveCount(1);
      await expect(closedSheet).toBeHidden();
      // The count opens the cart as a sheet: one more of the item, the totals follow.
      await openCart.tap();
      const sheet = page.getByRole('dialog', { name: 'Giỏ hàng của bạn' });
      await expect(sheet).toBeVisible();
      await sheet.getByRole('button', { name: `Tăng số lượng ${last.name}` }).tap();
      const total = `${(2 * last.price).toLocaleString('vi-VN')} VNĐ`;
      await expect(sheet.getByRole('region', { name: 'Giỏ hàng' }).getByText(total).first()).toBeVisible();
      await expect(sheet.getByRole('button', { name: 'xoá toàn bộ giỏ hàng' })).toBeVisible();
      expect(await seriousViolations(page)).toEqual([]);
      // The screen as the customer sees it: a full-page picture would resize the page under the sheet, whose
      // page does not scroll while it is open.
      await snapshot(page, testInfo, `${deviceName}-cart-sheet`, { fullPage: false });
      // The page behind it is inert once it is open: Tab never reaches it, nor does a screen reader.
      const headerTakesFocus = () =>
        page.evaluate(() => {
          const link = document.querySelector<HTMLElement>('header a[href]');
          const before = document.activeElement as HTMLElement | null;
          link?.focus({ preventScroll: true });
          const took = link !== null && document.activeElement === link;
          before?.focus({ preventScroll: true });
          return took;
        });
      await expect.poll(headerTakesFocus).toBe(false);
      for (let press = 0; press < 8; press++) {
        await page.keyboard.press('Tab');
        const where = await page.evaluate(() => {
          const focused = document.activeElement;
          return !focused || focused === document.body ? 'nowhere' : focused.closest('dialog.ls-cart-sheet') ? 'sheet' : 'page';
        });
        expect(where).not.toBe('page');
      }
      await sheet.getByRole('button', { name: 'Đóng giỏ hàng' }).tap();
      await expect(sheet).toBeHidden();
      await expect(openCart).toBeFocused();
      await expect(openCart).toHaveAccessibleName(barName(2, total));
      expect(await headerTakesFocus()).toBe(true);
      // A tap on the dimmed page above it, once it has slid in (what the customer sees first), closes it too; so does
      // Escape, even pressed at once.
      await openCart.tap();
      await expect(sheet).toBeVisible();
      await expect.poll(() => sheet.evaluate((element) => getComputedStyle(element).transform)).toBe('none');
      await page.touchscreen.tap(Math.round((page.viewportSize()?.width ?? 300) / 2), 40);
      await expect(sheet).toBeHidden();
      await openCart.tap();
      await expect(sheet).toBeVisible();
      await page.keyboard.press('Escape');
      await expect(sheet).toBeHidden();
      await expect(openCart).toBeFocused();

      // Ordered from where the customer is: the page never went back up for the cart. (Not to the pixel: a
      // full-page screenshot may move it down.)
      expect(await scrollY(page)).toBeGreaterThanOrEqual(scrolledTo);
      await cartBar(page).getByRole('button', { name: 'Đặt hàng' }).tap();
      await expect(page).toHaveURL(/\/gameorder\/[0-9a-f-]{36}$/);
      const placed = await api<Order>(page.request, (await accessToken(page))!, 'GET', `/order/api/v1/order/${page.url().split('/').pop()}`);
      expect(placed.total_price).toBe(2 * last.price);

      // The order page opens at its top: its code and its QR first.
      await expect(page.getByRole('img', { name: `Mã QR chuyển khoản cho đơn ${placed.code}` })).toBeVisible();
      expect(await scrollY(page)).toBe(0);
      expect(await onScreen(page, await page.getByText(`Mã đơn: ${placed.code}`).boundingBox())).toBe(true);
      await expect(cartBar(page)).toHaveCount(0);
      expect(await seriousViolations(page)).toEqual([]);
      await snapshot(page, testInfo, `${deviceName}-order-top`);
    });

    test('a refused order brings the first missing field into view, focused, clear of the cart bar', async ({ page }, testInfo) => {
      const { byName, items } = await catalogue(page.request);
      const game = byName(UID_GAME);
      const last = (await items(game)).at(-1)!;
      await signIn(page, newEmail(testInfo, 'thieu'));
      await page.goto(`/item/${game.id}`);
      await hydrated(page);
      await page.getByLabel(/^Họ tên/).fill('Nguyễn Văn A');

      await page.getByRole('button', { name: `Thêm vào giỏ: ${last.name}` }).tap();
      await cartBar(page).getByRole('button', { name: 'Đặt hàng' }).tap();
      await expect(page.getByRole('alert').filter({ hasText: /./ })).toHaveText('Vui lòng điền đầy đủ thông tin');
      const server = page.getByLabel(/^Server/);
      await expect(server).toBeFocused();
      expect(await onScreen(page, await server.boundingBox())).toBe(true);
      const bar = await cartBar(page).boundingBox();
      const field = await server.boundingBox();
      // Hidden while a field has the phone's keyboard, and never over the field.
      expect(bar === null || field!.y + field!.height <= bar.y).toBe(true);

      // Enter goes on to the next field.
      await server.fill('S1');
      await server.press('Enter');
      await expect(page.getByLabel(/^UID/)).toBeFocused();
    });

    test("'Lưu ảnh QR' gives a PNG of the order's VietQR with its amount and memo; the bank links carry them too", async ({ page }, testInfo) => {
      const { byName, items } = await catalogue(page.request);
      const [item] = await items(byName(UID_GAME));
      await recordCanvasText(page);
      await signIn(page, newEmail(testInfo, 'luuanh'));
      const { id } = await placeBankOrder(page, item!.id);
      const order = await api<Order>(page.request, (await accessToken(page))!, 'GET', `/order/api/v1/order/${id}`);
      const amount = `${order.total_price.toLocaleString('vi-VN')} VNĐ`;

      await page.goto(`/gameorder/${id}`);
      await hydrated(page);
      await expect(page.getByRole('img', { name: `Mã QR chuyển khoản cho đơn ${order.code}` })).toBeVisible();
      // Notifications: on an iPhone, Safari gives them only to a shop added to the home screen, and says how.
      const notifications = page.getByRole('region', { name: /thông báo/i });
      if (deviceName === 'iPhone 13') await expect(notifications).toContainText('Thêm vào Màn hình chính');
      else await expect(notifications.getByRole('button', { name: 'Nhận thông báo khi đơn hoàn thành' })).toBeVisible();

      // No Web Share API for files in this Chromium: the picture downloads, named after the order.
      const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Lưu ảnh QR' }).tap()]);
      expect(download.suggestedFilename()).toBe(`${order.code}.png`);
      const png = PNG.sync.read(await fs.readFile(await download.path()));
      const decoded = jsQR(new Uint8ClampedArray(png.data), png.width, png.height);
      expect(decoded?.data).toBe(order.pay_qr_code);
      // The lines under the code: what was drawn, and that the picture's lower part is not blank.
      const texts = await drawnTexts(page);
      for (const expected of ['Vietcombank', SHOP_ACCOUNT, 'CONG TY LUCKY SHOP', amount, order.code]) expect(texts).toContain(expected);
      const codeBottom = decoded!.location.bottomLeftCorner.y;
      let dark = 0;
      for (let y = Math.ceil(codeBottom) + 40; y < png.height; y++) {
        for (let x = 0; x < png.width; x++) if (png.data[(y * png.width + x) * 4]! < 100) dark++;
      }
      expect(dark).toBeGreaterThan(2000);
      await expect(page.getByText(`Đã lưu ảnh ${order.code}.png`)).toBeVisible();

      // Where the phone shares files, the picture goes to its share sheet instead (straight into a banking app).
      await page.evaluate(() => {
        const shared: { name: string; type: string; size: number }[] = [];
        (window as unknown as { __shared: typeof shared }).__shared = shared;
        Object.defineProperty(navigator, 'canShare', { configurable: true, value: (data: { files?: File[] }) => Boolean(data.files?.length) });
        Object.defineProperty(navigator, 'share', {
          configurable: true,
          value: async (data: { files: File[] }) => {
            for (const file of data.files) shared.push({ name: file.name, type: file.type, size: file.size });
          },
        });
      });
      await page.getByRole('button', { name: 'Lưu ảnh QR' }).tap();
      await expect
        .poll(() => page.evaluate(() => (window as unknown as { __shared: unknown[] }).__shared))
        .toEqual([expect.objectContaining({ name: `${order.code}.png`, type: 'image/png' })]);

      // The banking apps: each link opens the transfer of this order's amount and code to the shop.
      await page.getByText('Mở ứng dụng ngân hàng').tap();
      const links = page.getByRole('list').filter({ has: page.getByRole('link', { name: /MB Bank/ }) }).getByRole('link');
      await expect(links).toHaveCount(10);
      for (const href of await links.evaluateAll((elements) => elements.map((element) => element.getAttribute('href')!))) {
        const url = new URL(href);
        expect(`${url.origin}${url.pathname}`).toBe('https://dl.vietqr.io/pay');
        expect(url.searchParams.get('am')).toBe(String(order.total_price));
        expect(url.searchParams.get('tn')).toBe(order.code);
        expect(url.searchParams.get('ba')).toBe(`${SHOP_ACCOUNT}@vcb`);
      }
      await expect(page.getByRole('link', { name: /tự điền/ })).toHaveCount(5);
      await expect(page.getByText(`dán nội dung ${order.code}`)).toBeVisible();
      expect(await seriousViolations(page)).toEqual([]);
      await snapshot(page, testInfo, `${deviceName}-bank-apps`);
    });

    test('Back returns to where the page was left; a new page starts at its top', async ({ page }, testInfo) => {
      const { byName } = await catalogue(page.request);
      const game = byName(UID_GAME);
      await signIn(page, newEmail(testInfo, 'cuon'));
      await page.goto(`/item/${game.id}`);
      await hydrated(page);
      await page.getByRole('heading', { name: 'Sản phẩm' }).scrollIntoViewIfNeeded();
      await page.mouse.wheel(0, 400);
      await expect.poll(() => scrollY(page)).toBeGreaterThan(300);
      // The wheel scrolls over several frames: the place left is where the page comes to rest.
      const left = await restingScrollY(page);

      await page.getByRole('banner').getByRole('link', { name: /Đơn hàng của bạn/ }).tap();
      await expect(page).toHaveURL(/\/gameorder$/);
      await expect(page.getByRole('heading', { name: 'Danh sách đơn hàng' })).toBeVisible();
      expect(await scrollY(page)).toBe(0);

      await page.goBack();
      await expect(page).toHaveURL(new RegExp(`/item/${game.id}$`));
      await expect.poll(() => scrollY(page)).toBe(left);
      await page.goForward();
      await expect(page).toHaveURL(/\/gameorder$/);
      await expect.poll(() => scrollY(page)).toBe(0);
    });
  });
}
