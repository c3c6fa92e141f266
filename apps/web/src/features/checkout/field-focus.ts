/**
 * Moving through the order form on a phone: Enter goes to the next field, and a refused order puts the
 * first missing field in view, focused, so the customer sees what to fill (the message stays the toast's,
 * docs/product.md §8).
 */
import type { KeyboardEvent } from 'react';

type Field = HTMLInputElement | HTMLTextAreaElement;

const isField = (element: Element): element is Field =>
  element instanceof HTMLInputElement || element instanceof HTMLTextAreaElement;

/** The fields a customer types into, in the form's order. */
const fieldsOf = (form: HTMLFormElement): Field[] =>
  Array.from(form.elements).filter(isField).filter((field) => !field.disabled && field.type !== 'hidden');

/**
 * The form's keydown: Enter in a one-line field moves to the next field. In the last one it sends the form
 * as before, and in the note (several lines) it starts a new line. Not while an input method is composing
 * a word (Vietnamese Telex or VNI): its Enter confirms the word.
 */
export function moveToNextFieldOnEnter(event: KeyboardEvent<HTMLFormElement>): void {
  if (event.key !== 'Enter' || event.shiftKey || event.altKey || event.ctrlKey || event.metaKey) return;
  if (event.nativeEvent.isComposing || event.keyCode === 229) return;
  const target = event.target;
  if (!(target instanceof HTMLInputElement)) return;
  const fields = fieldsOf(event.currentTarget);
  const next = fields[fields.indexOf(target) + 1];
  if (!next) return;
  event.preventDefault();
  next.focus();
}

/** Scrolls the first of the named fields (in the form's order) to the middle of the screen and focuses it. */
export function focusFirstField(form: HTMLElement | null, names: readonly string[]): void {
  if (!(form instanceof HTMLFormElement)) return;
  const field = fieldsOf(form).find((candidate) => names.includes(candidate.name));
  if (!field) return;
  // The middle: clear of the sticky header above and the phone's cart bar below.
  field.scrollIntoView?.({ block: 'center' });
  field.focus({ preventScroll: true });
}
