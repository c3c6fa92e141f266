import { STOREFRONT_TEXTS } from '@lucky/shared/texts';
import { fileUrl } from '../../../lib/file-url';

const THUMB = 200;

/** The admin's result pictures; each opens full size in a new tab. docs/product.md §2: 6 columns (3 on phones), app/shop.css. */
export function ResultPictures({ pictures }: { pictures: readonly string[] }) {
  if (pictures.length === 0) return <p className="ls-body1">{STOREFRONT_TEXTS.noResultPictures}</p>;
  return (
    <ul className="ls-result-pictures">
      {pictures.map((id, index) => (
        <li key={`${id}-${index}`}>
          <a href={fileUrl(id)} target="_blank" rel="noopener noreferrer" aria-label={`Ảnh kết quả ${index + 1} (mở trong thẻ mới)`}>
            <img src={fileUrl(id)} alt="" width={THUMB} height={THUMB} loading="lazy" />
          </a>
        </li>
      ))}
    </ul>
  );
}
