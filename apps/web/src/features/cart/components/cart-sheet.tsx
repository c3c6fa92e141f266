import { useId, useLayoutEffect, useRef, type PointerEvent, type ReactNode } from 'react';
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

/** A close watcher (Chromium's back gesture and Escape), where the browser has them. */
interface CloseWatcherLike {
  onclose: (() => void) | null;
  destroy(): void;
}
type CloseWatcherConstructor = new () => CloseWatcherLike;

/** Elements a part made inert in one task may hold: about a tenth of the game page's. */
const PART_ELEMENTS = 60;

/**
 * `element`, or where it holds more than PART_ELEMENTS elements, its children's parts in its place: an element
 * whose own text sits beside its children stays whole (its text must go inert with it).
 */
function smallParts(element: HTMLElement): HTMLElement[] {
  const children = [...element.children].filter((child): child is HTMLElement => child instanceof HTMLElement);
  const ownText = [...element.childNodes].some((node) => node.nodeType === Node.TEXT_NODE && node.textContent?.trim());
  if (element.getElementsByTagName('*').length <= PART_ELEMENTS || ownText || children.length !== element.children.length) return [element];
  return children.flatMap(smallParts);
}

/** Has the browser restyle what changed now (reading a computed style does), not at the next frame. */
function styled(element: Element): string {
  return getComputedStyle(element).visibility;
}

/** The elements beside `sheet` and beside each of its ancestors up to the body, but `keep`, in small parts. */
function partsAround(sheet: HTMLElement, keep: Element | null): HTMLElement[] {
  const parts: HTMLElement[] = [];
  for (let node: HTMLElement = sheet; node.parentElement && node !== document.body; node = node.parentElement) {
    for (const sibling of node.parentElement.children) {
      if (sibling === node || sibling === keep || !(sibling instanceof HTMLElement) || sibling.inert) continue;
      if (sibling.tagName === 'SCRIPT' || sibling.tagName === 'STYLE') continue;
      parts.push(...smallParts(sibling));
    }
  }
  return parts;
}

/**
 * Makes the page around `sheet` inert (no focus, no tap, nothing for assistive technology), one part a task
 * (partsAround), nearest first, from the task after the one that showed it. The browser restyles every element
 * it makes inert; all at once, as `showModal()` does it, that was the tap's longest task (docs/decisions/0056).
 * Answers the function that gives the page back.
 */
function inertAround(sheet: HTMLElement, keep: Element | null): () => void {
  let parts: HTMLElement[] | null = null;
  const made: HTMLElement[] = [];
  let timer = 0;
  const next = () => {
    // Looked for in the first task after the sheet showed, not in the task that shows it.
    parts ??= partsAround(sheet, keep);
    const part = parts.shift();
    if (!part) return;
    part.inert = true;
    made.push(part);
    // Restyled now, in this part's task: left to the next frame, the parts set meanwhile were restyled together.
    styled(part);
    timer = window.setTimeout(next, 0);
  };
  timer = window.setTimeout(next, 0);
  return () => {
    window.clearTimeout(timer);
    for (const part of made) part.inert = false;
  };
}

/**
 * The cart as a bottom sheet on phones (the cart bar's count opens it): a `<dialog>` (aria-modal) above a
 * backdrop of its own, sliding up from the bottom edge (app/shop.css). While it is open the rest of the page is
 * inert, made so part by part in the tasks after it showed (inertAround), and Escape, the phone's back gesture
 * (a close watcher, where the browser has them), a tap on the backdrop, the close button or a swipe down on its
 * head close it. Named by its heading; focus moves into it and comes back to what opened it when it closes.
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
  const backdrop = useRef<HTMLDivElement>(null);
  // The close watcher, made when the sheet opens, calls what the page says now.
  const closeRef = useRef(onClose);
  useLayoutEffect(() => {
    closeRef.current = onClose;
  }, [onClose]);

  useLayoutEffect(() => {
    const dialog = sheet.current;
    if (!dialog) return;
    if (open) {
      let frame = 0;
      let giveBack = () => {};
      let watcher: CloseWatcherLike | null = null;
      // While it is open: the page around it inert, and the back gesture closes it.
      const guard = () => {
        giveBack = inertAround(dialog, backdrop.current);
        const CloseWatcher = (window as Window & { CloseWatcher?: CloseWatcherConstructor }).CloseWatcher;
        if (!CloseWatcher) return;
        watcher = new CloseWatcher();
        watcher.onclose = () => closeRef.current();
      };
      const release = () => {
        window.cancelAnimationFrame(frame);
        giveBack();
        watcher?.destroy();
      };
      // Opened again while it slid out: it slides back in.
      if (dialog.open) {
        dialog.classList.add('ls-cart-sheet-shown');
        guard();
        return release;
      }
      opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
      // In a task of its own, after the commit that asked for it. Shown, not shown modal: showModal() makes the
      // rest of the page inert at once, and the browser restyles the whole page for it in that task; the page
      // is made inert part by part after it (docs/decisions/0056).
      const shown = window.setTimeout(() => {
        // The page stays where the customer left it: focus moves into the sheet, which sits below the screen
        // until it slides in, and the browser would scroll the page towards it.
        const { scrollX, scrollY } = window;
        // jsdom (the unit tests) has no show(): the open attribute shows it there.
        if (typeof dialog.show === 'function') dialog.show();
        else dialog.setAttribute('open', '');
        dialog.focus({ preventScroll: true });
        if (window.scrollX !== scrollX || window.scrollY !== scrollY) window.scrollTo(scrollX, scrollY);
        // The next frame slides it in from where it was put (below the screen).
        frame = window.requestAnimationFrame(() => dialog.classList.add('ls-cart-sheet-shown'));
        guard();
      }, 0);
      return () => {
        window.clearTimeout(shown);
        release();
      };
    }
    if (!dialog.open) return;
    const finish = () => {
      dialog.removeEventListener('transitionend', finish);
      dialog.removeEventListener('transitioncancel', finish);
      if (typeof dialog.close === 'function') dialog.close();
      else dialog.removeAttribute('open');
      if (!keepFocus.current) opener.current?.focus({ preventScroll: true });
    };
    // Closed before it began to slide in (Escape at once), it has nowhere to slide out from.
    const slidIn = dialog.classList.contains('ls-cart-sheet-shown');
    dialog.classList.remove('ls-cart-sheet-shown');
    // Slides out, then closes; at once where there is no transition (reduced motion, the unit tests).
    const still = getComputedStyle(dialog)
      .transitionDuration.split(',')
      .every((duration) => parseFloat(duration) === 0);
    if (!slidIn || still) finish();
    else {
      dialog.addEventListener('transitionend', finish);
      dialog.addEventListener('transitioncancel', finish);
    }
    return () => {
      dialog.removeEventListener('transitionend', finish);
      dialog.removeEventListener('transitioncancel', finish);
    };
  }, [open]);

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
    <>
      <dialog
        ref={sheet}
        className="ls-cart-sheet"
        aria-labelledby={titleId}
        aria-modal="true"
        tabIndex={-1}
        onKeyDown={(event) => {
          if (event.key !== 'Escape') return;
          event.preventDefault();
          onClose();
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
      {/* Shown with the open sheet (app/shop.css): it dims the page, and a tap on it closes the sheet. */}
      <div ref={backdrop} className="ls-cart-sheet-backdrop" aria-hidden="true" onClick={onClose} />
    </>
  );
}
