import { useEffect, useId, useLayoutEffect, useRef, type PointerEvent, type ReactNode } from 'react';
import { Icon } from '../../../components/frame/icons';

export interface CartSheetProps {
  open: boolean;
  onClose: () => void;
  /** Focus stays where the page puts it when the sheet closes (an order sent from it that the form refused). */
  keepFocusOnClose?: boolean;
  children: ReactNode;
}

/** How far down the sheet is dragged by its head before letting go closes it (px). */
const CLOSE_DRAG_PX = 80;

/**
 * The cart as a bottom sheet on phones (the cart bar's count opens it): the browser's own modal dialog
 * (`<dialog>` shown with showModal: the page behind is inert, Escape and the phone's back gesture close it),
 * sliding up from the bottom edge (app/shop.css). Named by its heading; focus moves into it and comes back to
 * what opened it when it closes (Escape, the close button, a tap on the backdrop, a swipe down on its head).
 * Plain elements: MUI's drawer cost a tap on a mid-range phone a long task for its code and the page's layout
 * (docs/decisions/0036).
 */
export function CartSheet({ open, onClose, keepFocusOnClose = false, children }: CartSheetProps) {
  const titleId = useId();
  const sheet = useRef<HTMLDialogElement>(null);
  const opener = useRef<HTMLElement | null>(null);
  const keepFocus = useRef(keepFocusOnClose);
  // Read when the sheet has slid out: what the page said last.
  useLayoutEffect(() => {
    keepFocus.current = keepFocusOnClose;
  }, [keepFocusOnClose]);
  const drag = useRef<{ pointer: number; startY: number; dy: number } | null>(null);

  useLayoutEffect(() => {
    const dialog = sheet.current;
    if (!dialog) return;
    if (open) {
      if (dialog.open) {
        dialog.classList.add('ls-cart-sheet-shown');
        return;
      }
      opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
      let frame = 0;
      // In a task of its own, after the commit that asked for it: showModal makes the rest of the page inert,
      // which the browser works out by styling the whole page again, at once (docs/decisions/0036).
      const shown = window.setTimeout(() => {
        // The page stays where the customer left it: showModal focuses into the sheet, which sits below the
        // screen until it slides in, and the browser would scroll the page towards it.
        const { scrollX, scrollY } = window;
        // jsdom (the unit tests) has no showModal: the open attribute shows it there.
        if (typeof dialog.showModal === 'function') dialog.showModal();
        else dialog.setAttribute('open', '');
        dialog.focus({ preventScroll: true });
        if (window.scrollX !== scrollX || window.scrollY !== scrollY) window.scrollTo(scrollX, scrollY);
        // The next frame slides it in from where showModal put it (below the screen).
        frame = window.requestAnimationFrame(() => dialog.classList.add('ls-cart-sheet-shown'));
      }, 0);
      return () => {
        window.clearTimeout(shown);
        window.cancelAnimationFrame(frame);
      };
    }
    if (!dialog.open) return;
    const finish = () => {
      dialog.removeEventListener('transitionend', finish);
      if (typeof dialog.close === 'function') dialog.close();
      else dialog.removeAttribute('open');
      if (!keepFocus.current) opener.current?.focus({ preventScroll: true });
    };
    dialog.classList.remove('ls-cart-sheet-shown');
    // Slides out, then closes; at once where there is no transition (reduced motion, the unit tests).
    if (
      getComputedStyle(dialog)
        .transitionDuration.split(',')
        .every((duration) => parseFloat(duration) === 0)
    )
      finish();
    else dialog.addEventListener('transitionend', finish);
    return () => dialog.removeEventListener('transitionend', finish);
  }, [open]);

  // Escape and the phone's back gesture ask the dialog to cancel: the page closes it (its state decides).
  useEffect(() => {
    const dialog = sheet.current;
    if (!dialog) return;
    const cancel = (event: Event) => {
      event.preventDefault();
      onClose();
    };
    dialog.addEventListener('cancel', cancel);
    return () => dialog.removeEventListener('cancel', cancel);
  }, [onClose]);

  const grab = (event: PointerEvent<HTMLDivElement>) => {
    if (event.pointerType === 'mouse' || (event.target as Element).closest('button')) return;
    drag.current = { pointer: event.pointerId, startY: event.clientY, dy: 0 };
    event.currentTarget.setPointerCapture(event.pointerId);
  };
  const move = (event: PointerEvent<HTMLDivElement>) => {
    const dragging = drag.current;
    const dialog = sheet.current;
    if (!dragging || dragging.pointer !== event.pointerId || !dialog) return;
    dragging.dy = Math.max(0, event.clientY - dragging.startY);
    dialog.style.transition = 'none';
    dialog.style.transform = `translateY(${dragging.dy}px)`;
  };
  const release = (event: PointerEvent<HTMLDivElement>) => {
    const dragging = drag.current;
    const dialog = sheet.current;
    if (!dragging || dragging.pointer !== event.pointerId || !dialog) return;
    drag.current = null;
    dialog.style.transition = '';
    dialog.style.transform = '';
    if (dragging.dy >= CLOSE_DRAG_PX) onClose();
  };

  return (
    <dialog
      ref={sheet}
      className="ls-cart-sheet"
      aria-labelledby={titleId}
      tabIndex={-1}
      onKeyDown={(event) => {
        if (event.key !== 'Escape') return;
        event.preventDefault();
        onClose();
      }}
      // A tap on the backdrop lands on the dialog itself; everything inside it is in its content.
      onClick={(event) => {
        if (event.target === event.currentTarget) onClose();
      }}
    >
      <div
        className="ls-cart-sheet-grip"
        onPointerDown={grab}
        onPointerMove={move}
        onPointerUp={release}
        onPointerCancel={release}
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
      </div>
      <div className="ls-cart-sheet-body">{children}</div>
    </dialog>
  );
}
