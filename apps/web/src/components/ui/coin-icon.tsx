import SvgIcon, { type SvgIconProps } from '@mui/material/SvgIcon';

/** A gold Lucky coin. */
export function CoinIcon(props: SvgIconProps) {
  return (
    <SvgIcon viewBox="0 0 24 24" {...props}>
      <circle cx="12" cy="12" r="10" fill="#f5b82e" />
      <circle cx="12" cy="12" r="7.5" fill="none" stroke="#fff3c4" strokeWidth="1.5" />
      <path d="M10 7.5h2.2v7h3.8v2H10z" fill="#8a5a00" />
    </SvgIcon>
  );
}
