/**
 * How soon a card's picture is fetched. The first card's is the largest picture a phone shows first: high.
 * The rest of the first screen: low, fetched at once but after it. At the default the browser raises a
 * picture it has laid out in view to high, sometimes before the first one has arrived, and on a slow network
 * they then share the connection with it (docs/decisions/0039). Below the first screen: lazy, at the default.
 */
export function firstScreenPriority(onFirstScreen: 'first' | boolean): 'high' | 'low' | 'auto' {
  if (onFirstScreen === 'first') return 'high';
  return onFirstScreen ? 'low' : 'auto';
}
