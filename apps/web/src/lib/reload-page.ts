/** Reloads the page (a function of its own so tests can observe it; jsdom cannot navigate). */
export function reloadPage(): void {
  window.location.reload();
}
