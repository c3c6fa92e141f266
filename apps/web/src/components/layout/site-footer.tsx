import { useHydrated } from '../../lib/hydration';
import { Icon } from '../frame/icons';

export interface SiteFooterProps {
  socialUrl: string;
  chatUrl: string;
}

/** docs/product.md §1–2: the privacy promise, the 16:00 promise and the two support contacts. */
export function SiteFooter({ socialUrl, chatUrl }: SiteFooterProps) {
  const socialIcon = /facebook\.com|fb\.com/i.test(socialUrl) ? 'facebook' : 'public';
  // The year is the server's in its HTML (which may have been rendered before a new year began, or
  // in another time zone): the browser's first render keeps it, then writes its own.
  const hydrated = useHydrated();
  return (
    <footer className="ls-footer">
      <div className="ls-container ls-footer-inner">
        <div className="ls-footer-row">
          <div className="ls-footer-notes">
            <p className="ls-body2 ls-privacy">
              <Icon name="verifiedUser" small className="ls-success" />
              Thông tin của khách hàng được bảo mật tuyệt đối.
            </p>
            <p className="ls-body2">
              Đơn nạp được hoàn thành trước 16:00 trong ngày. Nếu trễ quá 16:00, shop hoàn tiền 100% và đền bù bằng coin
              của shop.
            </p>
          </div>
          <nav className="ls-contacts" aria-label="Liên hệ shop">
            <a
              href={socialUrl}
              target="_blank"
              rel="noopener noreferrer"
              aria-label="Trang mạng xã hội của shop (mở trong thẻ mới)"
              className="ls-icon-button ls-primary"
            >
              <Icon name={socialIcon} />
            </a>
            <a
              href={chatUrl}
              target="_blank"
              rel="noopener noreferrer"
              aria-label="Nhắn tin cho shop qua ứng dụng chat (mở trong thẻ mới)"
              className="ls-icon-button ls-primary"
            >
              <Icon name="chat" />
            </a>
          </nav>
        </div>
        <p key={hydrated ? 'browser' : 'server'} className="ls-caption" suppressHydrationWarning>
          © {new Date().getFullYear()} Lucky Shop
        </p>
      </div>
    </footer>
  );
}
