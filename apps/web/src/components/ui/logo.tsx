/** The shop's mark (a coin in a rounded square) and, from small screens up, its name. */
export function Logo() {
  return (
    <span className="ls-logo">
      <svg viewBox="0 0 64 64" width="36" height="36" aria-hidden="true" focusable="false">
        <rect width="64" height="64" rx="14" fill="#5b3cc4" />
        <circle cx="32" cy="32" r="20" fill="#f5b82e" stroke="#fff3c4" strokeWidth="3" />
        <path d="M26 20h6v19h10v5H26z" fill="#5b3cc4" />
      </svg>
      <span className="ls-logo-name">Lucky Shop</span>
    </span>
  );
}
