import { Icon } from '../frame/icons';

/** docs/product.md §1: the floating button at the bottom right opens the shop's messenger chat in a new tab. */
export function MessengerButton({ href }: { href: string }) {
  return (
    <a
      href={href}
      target="_blank"
      rel="noopener noreferrer"
      aria-label="Nhắn tin với shop"
      title="Nhắn tin với shop"
      className="ls-fab"
    >
      <Icon name="forum" />
    </a>
  );
}
