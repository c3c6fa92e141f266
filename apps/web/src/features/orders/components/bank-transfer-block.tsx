import type { Order, PublicConfig } from '@lucky/shared/guards';
import { formatVnd } from '@lucky/shared/money';
import { CopyButton } from '../../../components/ui/copy-button';
import staticQr from '../assets/static-bank-qr.svg';
import { TransferQr } from '../qr/transfer-qr';
import { PayOnPhone } from './pay-on-phone';

export interface BankTransferBlockProps {
  order: Order;
  bank: PublicConfig['bank'];
}

const QR_SIZE = 256;

/**
 * docs/product.md §2: the QR to pay a pending bank order. The order's own pay_qr_code (amount and memo inside)
 * when it has one, else the shop's static QR; the transfer details with copy buttons either way,
 * so a customer who cannot scan can still pay.
 */
export function BankTransferBlock({ order, bank }: BankTransferBlockProps) {
  const details = [
    { label: 'Ngân hàng', copyLabel: 'tên ngân hàng', value: bank.name },
    { label: 'Chủ tài khoản', copyLabel: 'tên chủ tài khoản', value: bank.account_holder },
    { label: 'Số tài khoản', copyLabel: 'số tài khoản', value: bank.account_number },
    { label: 'Số tiền', copyLabel: 'số tiền', value: formatVnd(order.total_price), copy: String(order.total_price) },
    { label: 'Nội dung chuyển khoản', copyLabel: 'nội dung chuyển khoản', value: order.code },
  ];
  return (
    <div className="ls-transfer">
      {/* A QR needs a light quiet zone around it, also in dark mode. */}
      <div className="ls-transfer-qr">
        {order.pay_qr_code ? (
          <TransferQr value={order.pay_qr_code} size={QR_SIZE} label={`Mã QR chuyển khoản cho đơn ${order.code}`} />
        ) : (
          <img
            src={staticQr}
            width={QR_SIZE}
            height={QR_SIZE}
            alt={`Mã QR tài khoản ${bank.name} ${bank.account_number} của shop`}
          />
        )}
      </div>
      <dl className="ls-transfer-details">
        {details.map((detail) => (
          <div key={detail.label}>
            <dt className="ls-body2">{detail.label}</dt>
            <dd>
              <span className="ls-body1 ls-strong ls-anywhere">{detail.value}</span>
              <CopyButton value={detail.copy ?? detail.value} label={detail.copyLabel} />
            </dd>
          </div>
        ))}
      </dl>
      <PayOnPhone order={order} bank={bank} />
    </div>
  );
}
