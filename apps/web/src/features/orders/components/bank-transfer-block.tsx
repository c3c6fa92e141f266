import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { QRCodeSVG } from 'qrcode.react';
import { formatVnd, type Order, type PublicConfig } from '@lucky/shared';
import { CopyButton } from '../../../components/ui/copy-button';
import staticQr from '../assets/static-bank-qr.svg';

export interface BankTransferBlockProps {
  order: Order;
  bank: PublicConfig['bank'];
}

const QR_SIZE = 256;

/**
 * Spec §2: the QR to pay a pending bank order. The order's own pay_qr_code (amount and memo inside)
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
    <Box
      sx={{
        display: 'grid',
        gap: 3,
        gridTemplateColumns: { xs: '1fr', sm: 'auto 1fr' },
        alignItems: 'center',
      }}
    >
      {/* A QR needs a light quiet zone around it, also in dark mode. */}
      <Box sx={{ justifySelf: 'center', p: 2, bgcolor: '#ffffff', borderRadius: 2, lineHeight: 0 }}>
        {order.pay_qr_code ? (
          <QRCodeSVG
            value={order.pay_qr_code}
            size={QR_SIZE}
            level="L"
            role="img"
            aria-label={`Mã QR chuyển khoản cho đơn ${order.code}`}
          />
        ) : (
          <img
            src={staticQr}
            width={QR_SIZE}
            height={QR_SIZE}
            alt={`Mã QR tài khoản ${bank.name} ${bank.account_number} của shop`}
          />
        )}
      </Box>
      <Box component="dl" sx={{ m: 0, display: 'grid', gap: 1 }}>
        {details.map((detail) => (
          <Box key={detail.label}>
            <Typography component="dt" variant="body2" color="text.secondary">
              {detail.label}
            </Typography>
            <Box component="dd" sx={{ m: 0, display: 'flex', alignItems: 'center', gap: 0.5 }}>
              <Typography component="span" sx={{ fontWeight: 700, overflowWrap: 'anywhere' }}>
                {detail.value}
              </Typography>
              <CopyButton value={detail.copy ?? detail.value} label={detail.copyLabel} />
            </Box>
          </Box>
        ))}
      </Box>
    </Box>
  );
}
