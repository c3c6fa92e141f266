import { useEffect, useRef, useState } from 'react';
import { BANK_APPS, bankAppLink } from '@lucky/shared/bank-apps';
import type { Order, PublicConfig } from '@lucky/shared/guards';
import { formatVnd } from '@lucky/shared/money';
import { useToast } from '../../../components/ui/toast';

/** The banks' badges, local files of the web app (bundled; nothing is fetched from a bank at run time). */
const BADGES = import.meta.glob<string>('../assets/banks/*.svg', { eager: true, import: 'default' });
const badge = (appId: string) => BADGES[`../assets/banks/${appId}.svg`];

const loadImageCode = () => import('../qr/transfer-image');

export interface PayOnPhoneProps {
  order: Order;
  bank: PublicConfig['bank'];
}

/**
 * Paying on the phone that shows the QR, which cannot scan itself: the QR saved as a picture for the
 * banking app's gallery scan ('Lưu ảnh QR'), or a banking app opened on the transfer by VietQR's
 * deeplink ('Mở ứng dụng ngân hàng').
 */
export function PayOnPhone({ order, bank }: PayOnPhoneProps) {
  return (
    <div className="ls-pay-on-phone">
      {order.pay_qr_code && <SaveQrButton order={order} bank={bank} />}
      <BankApps order={order} bank={bank} />
    </div>
  );
}

function SaveQrButton({ order, bank }: PayOnPhoneProps) {
  const { showError, showSuccess } = useToast();
  const [busy, setBusy] = useState(false);
  // The drawing code is fetched as the finger lands (a share sheet opens only soon after the tap), not
  // with the page: a request during the page's load would count into its largest paint's estimate.
  const prepare = () => void loadImageCode().catch(() => undefined);

  const save = async () => {
    setBusy(true);
    try {
      const { saveTransferImage, transferImageFile } = await loadImageCode();
      const file = await transferImageFile(
        {
          qr: order.pay_qr_code,
          lines: [
            { label: 'Ngân hàng', value: bank.name },
            { label: 'Số tài khoản', value: bank.account_number },
            { label: 'Chủ tài khoản', value: bank.account_holder },
            { label: 'Số tiền', value: formatVnd(order.total_price) },
            { label: 'Nội dung chuyển khoản', value: order.code },
          ],
        },
        order.code,
      );
      const saved = await saveTransferImage(file, `Mã QR chuyển khoản đơn ${order.code}`);
      if (saved === 'downloaded') showSuccess(`Đã lưu ảnh ${file.name}`);
    } catch (error) {
      console.error('transfer image', error);
      showError('Không lưu được ảnh QR, vui lòng chụp màn hình mã QR');
    } finally {
      setBusy(false);
    }
  };

  return (
    <button
      type="button"
      className="ls-button ls-button-contained"
      disabled={busy}
      onPointerDown={prepare}
      onFocus={prepare}
      onClick={() => void save()}
    >
      Lưu ảnh QR
    </button>
  );
}

/**
 * Closed until asked for: its list (a dozen banks, each with its badge) is rendered when opened, not with the
 * page, so the page's HTML, its hydration and its first requests carry none of it.
 */
function BankApps({ order, bank }: PayOnPhoneProps) {
  const [open, setOpen] = useState(false);
  const details = useRef<HTMLDetailsElement>(null);
  // Opened before the page had hydrated (the browser opens it without the app): its list follows at once.
  useEffect(() => {
    if (details.current?.open) setOpen(true);
  }, []);
  return (
    <details ref={details} className="ls-bank-apps" onToggle={(event) => setOpen(event.currentTarget.open)}>
      <summary className="ls-button ls-button-outlined">Mở ứng dụng ngân hàng</summary>
      {open && <BankAppList order={order} bank={bank} />}
    </details>
  );
}

function BankAppList({ order, bank }: PayOnPhoneProps) {
  const transfer = { bankBin: bank.bin, accountNumber: bank.account_number, amountVnd: order.total_price, memo: order.code };
  return (
    <>
      <p className="ls-body2 ls-bank-apps-note">
        Ứng dụng có ghi “tự điền” mở sẵn giao dịch với số tiền và nội dung. Với ứng dụng khác, hãy chuyển đến số
        tài khoản ở trên, nhập số tiền {formatVnd(order.total_price)} và dán nội dung <strong>{order.code}</strong> (nút
        sao chép ở trên).
      </p>
      <ul className="ls-bank-app-list">
        {BANK_APPS.map((app) => (
          <li key={app.appId}>
            <a
              href={bankAppLink(app.appId, transfer)}
              target="_blank"
              rel="noopener noreferrer"
              className="ls-bank-app"
              data-fills-transfer={app.fillsTransfer}
            >
              <img src={badge(app.appId)} alt="" width={40} height={40} />
              <span className="ls-bank-app-name">{app.name}</span>
              <span className="ls-bank-app-fill">{app.fillsTransfer ? 'tự điền' : 'dán nội dung'}</span>
            </a>
          </li>
        ))}
      </ul>
    </>
  );
}
