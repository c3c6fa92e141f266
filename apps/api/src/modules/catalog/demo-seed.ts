/**
 * The demo catalogue: four invented games (two topped up by signing in to the game account, two by
 * player UID; one running a sale banner), each with store items at realistic VND prices, coin prices
 * and gift coins. Pictures are drawn here as SVG and stored through the same path as admin uploads,
 * so the demo ships no third-party game art. Runs only on an empty catalogue, once, even when several
 * instances start together.
 */
import { sql } from 'drizzle-orm';
import type { AppContext } from '../../context.js';
import type { Db } from '../../db/client.js';
import { toSearchText } from '../../lib/search-text.js';
import { notifyCatalogueChanged as announceCatalogueChange } from './repository.js';
import { loadSharp, storeImage } from '../storage/service.js';
import { platforms, storeItems } from '../../db/schema.js';

interface DemoItem {
  name: string;
  description: string;
  priceVnd: number;
  rawPriceVnd: number;
}

interface DemoPlatform {
  name: string;
  needLogin: boolean;
  /** Two colours of the artwork's gradient and the mark drawn on it. */
  colours: [string, string];
  mark: string;
  /** Runs a sale: the home page shows its banner when it is chosen. */
  sale?: boolean;
  currency: string;
  items: DemoItem[];
}

/** 1 coin is worth 100 VND; a bank transfer earns about 5% back in gift coins. */
const coinCost = (priceVnd: number) => Math.round(priceVnd / 100);
const giftCoin = (priceVnd: number) => Math.round(priceVnd / 2000);

const tiers = (currency: string, amounts: [number, number, number][]): DemoItem[] =>
  amounts.map(([amount, priceVnd, rawPriceVnd]) => ({
    name: `Gói ${amount.toLocaleString('vi-VN')} ${currency}`,
    description: `Nhận ${amount.toLocaleString('vi-VN')} ${currency} vào tài khoản game.`,
    priceVnd,
    rawPriceVnd,
  }));

export const DEMO_CATALOGUE: DemoPlatform[] = [
  {
    name: 'Rồng Thiêng Online',
    needLogin: true,
    colours: ['#b71c1c', '#ff8f00'],
    mark: 'dragon',
    sale: true,
    currency: 'Kim Cương',
    items: tiers('Kim Cương', [
      [60, 20_000, 22_000],
      [180, 50_000, 55_000],
      [380, 100_000, 110_000],
      [800, 200_000, 230_000],
      [2_100, 500_000, 580_000],
      [4_500, 1_000_000, 1_150_000],
    ]),
  },
  {
    name: 'Kiếm Hiệp Truyền Kỳ',
    needLogin: true,
    colours: ['#1a237e', '#00acc1'],
    mark: 'sword',
    currency: 'Nguyên Bảo',
    items: tiers('Nguyên Bảo', [
      [100, 20_000, 20_000],
      [300, 50_000, 60_000],
      [650, 100_000, 120_000],
      [1_400, 200_000, 240_000],
      [3_600, 500_000, 600_000],
    ]),
  },
  {
    name: 'Đảo Sinh Tồn',
    needLogin: false,
    colours: ['#1b5e20', '#c0ca33'],
    mark: 'island',
    currency: 'Vàng',
    items: tiers('Vàng', [
      [50, 10_000, 12_000],
      [260, 50_000, 55_000],
      [530, 100_000, 110_000],
      [1_100, 200_000, 220_000],
      [2_800, 500_000, 560_000],
    ]),
  },
  {
    name: 'Tinh Cầu Chiến Binh',
    needLogin: false,
    colours: ['#4a148c', '#ec407a'],
    mark: 'planet',
    currency: 'Pha Lê',
    items: tiers('Pha Lê', [
      [90, 20_000, 25_000],
      [240, 50_000, 60_000],
      [500, 100_000, 125_000],
      [1_050, 200_000, 250_000],
      [2_700, 500_000, 620_000],
      [5_600, 1_000_000, 1_250_000],
    ]),
  },
];

const MARKS: Record<string, string> = {
  dragon: '<path d="M120 300c40-120 160-170 260-110-60-10-100 20-110 60 50-30 110-20 140 30-70-20-120 10-140 60-20-40-80-60-150-40z" fill="#fff" opacity=".9"/>',
  sword: '<path d="M250 80l22 40v190h-44V120z M190 310h120v22H190z M238 332h24v70h-24z" fill="#fff" opacity=".9"/>',
  island: '<ellipse cx="250" cy="350" rx="170" ry="40" fill="#fff" opacity=".85"/><path d="M250 340V200c-30-40-90-40-110-20 40 0 70 10 100 30-40-30-100-10-110 20 40-20 80-10 110 0" stroke="#fff" stroke-width="14" fill="none"/>',
  planet: '<circle cx="250" cy="250" r="110" fill="#fff" opacity=".9"/><ellipse cx="250" cy="250" rx="200" ry="46" fill="none" stroke="#fff" stroke-width="14" transform="rotate(-18 250 250)"/>',
  gem: '<path d="M250 110l110 90-110 190-110-190z" fill="#fff" opacity=".9"/><path d="M140 200h220M250 110l-40 90 40 190 40-190z" stroke="#000" stroke-opacity=".15" stroke-width="6" fill="none"/>',
};

function gradient(id: string, [from, to]: [string, string]): string {
  return `<defs><linearGradient id="${id}" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient></defs>`;
}

/** Square game artwork: a gradient with the game's mark. */
function platformArt(platform: DemoPlatform): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="500" height="500" viewBox="0 0 500 500">${gradient('g', platform.colours)}<rect width="500" height="500" fill="url(#g)"/>${MARKS[platform.mark]}</svg>`;
}

/** An item picture: the game's colours and a gem, brighter as the pack grows. */
function itemArt(platform: DemoPlatform, index: number): string {
  const rings = Array.from({ length: index + 1 }, (_, i) => `<circle cx="250" cy="250" r="${200 - i * 22}" fill="none" stroke="#fff" stroke-opacity=".25" stroke-width="6"/>`).join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="500" height="500" viewBox="0 0 500 500">${gradient('g', platform.colours)}<rect width="500" height="500" rx="40" fill="url(#g)"/>${rings}${MARKS.gem}</svg>`;
}

/** A wide sale banner (the home page shows it at 70% of the page width). */
function saleArt(platform: DemoPlatform): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="1400" height="400" viewBox="0 0 1400 400">${gradient('g', platform.colours)}<rect width="1400" height="400" fill="url(#g)"/><g transform="translate(900 -50) scale(1)">${MARKS[platform.mark]}</g><circle cx="200" cy="200" r="120" fill="#fff" opacity=".15"/><circle cx="420" cy="120" r="60" fill="#fff" opacity=".12"/><rect x="120" y="250" width="520" height="40" rx="20" fill="#fff" opacity=".8"/><rect x="120" y="310" width="360" height="30" rx="15" fill="#fff" opacity=".5"/></svg>`;
}

async function storeSvg(db: Db, svg: string): Promise<string> {
  const sharp = await loadSharp();
  const webp = await sharp(Buffer.from(svg)).webp({ quality: 90 }).toBuffer();
  return (await storeImage(db, webp)).id;
}

/** Any fixed number: serialises seeding between instances starting at once. */
const SEED_LOCK_ID = 72_610_002;

export async function seedDemo(ctx: AppContext): Promise<boolean> {
  return ctx.db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${SEED_LOCK_ID})`);
    const [existing] = await tx.select({ id: platforms.id }).from(platforms).limit(1);
    if (existing) return false;

    for (const [position, platform] of DEMO_CATALOGUE.entries()) {
      const [row] = await tx
        .insert(platforms)
        .values({
          name: platform.name,
          searchName: toSearchText(platform.name),
          needLogin: platform.needLogin,
          picture: await storeSvg(tx, platformArt(platform)),
          salePicture: platform.sale ? await storeSvg(tx, saleArt(platform)) : null,
          sortOrder: position,
        })
        .returning({ id: platforms.id });
      // One at a time: a transaction's queries go over one connection, which answers one query at a time.
      const items = [];
      for (const [index, item] of platform.items.entries()) {
        items.push({
          platformId: row!.id,
          name: item.name,
          searchName: toSearchText(item.name),
          description: item.description,
          picture: await storeSvg(tx, itemArt(platform, index)),
          priceVnd: item.priceVnd,
          rawPriceVnd: item.rawPriceVnd,
          coinCost: coinCost(item.priceVnd),
          giftCoin: giftCoin(item.priceVnd),
          sortOrder: index,
        });
      }
      await tx.insert(storeItems).values(items);
    }
    // Instances already serving reload their in-memory catalogue once this commits.
    await announceCatalogueChange(tx);
    ctx.log.info({ platforms: DEMO_CATALOGUE.length }, 'demo catalogue seeded');
    return true;
  });
}
