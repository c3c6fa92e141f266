import type { Platform } from '@lucky/shared/schemas';
import { fileUrl } from '../../../lib/file-url';
import defaultBanner from '../assets/default-banner.svg';

const WIDTH = 1200;
const HEIGHT = 400;

/** docs/product.md §2: the chosen platform's sale picture, else the shop's own banner; 70% of the page width. */
export function HomeBanner({ platform }: { platform: Platform | null }) {
  const salePicture = platform?.shop_config.sale_picture;
  return (
    <img
      src={salePicture ? fileUrl(salePicture) : defaultBanner}
      alt={salePicture && platform ? `Khuyến mãi ${platform.name}` : 'Lucky Shop – nạp game nhanh, an toàn'}
      width={WIDTH}
      height={HEIGHT}
      fetchPriority="high"
      className="ls-banner"
    />
  );
}
