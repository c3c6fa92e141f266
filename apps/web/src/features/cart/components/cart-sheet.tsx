import { useId, type ReactNode } from 'react';
import SwipeableDrawer from '@mui/material/SwipeableDrawer';
import { Icon } from '../../../components/frame/icons';

export interface CartSheetProps {
  open: boolean;
  onOpen: () => void;
  onClose: () => void;
  /** Focus stays where the page puts it when the sheet closes (an order sent from it that the form refused). */
  keepFocusOnClose?: boolean;
  children: ReactNode;
}

/** iOS's own back swipe starts at the screen's edge: MUI's documented settings for it. */
const iOS = typeof navigator !== 'undefined' && /iPad|iPhone|iPod/.test(navigator.userAgent);

/**
 * The cart as a bottom sheet on phones (the cart bar's count opens it): MUI's swipeable drawer, loaded
 * when first opened (the platform page prefetches it, app/page-modules.ts). A modal dialog named by its
 * heading: focus moves into it and comes back to the bar when it closes (Escape, the close button, the
 * backdrop, a swipe down).
 */
export function CartSheet({ open, onOpen, onClose, keepFocusOnClose = false, children }: CartSheetProps) {
  const titleId = useId();
  return (
    <SwipeableDrawer
      anchor="bottom"
      open={open}
      onOpen={onOpen}
      onClose={onClose}
      disableSwipeToOpen
      disableBackdropTransition={!iOS}
      disableDiscovery={iOS}
      disableRestoreFocus={keepFocusOnClose}
      slotProps={{ paper: { 'aria-labelledby': titleId, className: 'ls-cart-sheet' } }}
    >
      <div className="ls-cart-sheet-puller" aria-hidden="true" />
      <div className="ls-cart-sheet-head">
        <h2 id={titleId} className="ls-h6 ls-strong">
          Giỏ hàng của bạn
        </h2>
        <button type="button" className="ls-icon-button" aria-label="Đóng giỏ hàng" onClick={onClose}>
          <Icon name="close" />
        </button>
      </div>
      <div className="ls-cart-sheet-body">{children}</div>
    </SwipeableDrawer>
  );
}
