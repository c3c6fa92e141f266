import { describe, expect, it } from 'vitest';
import { withMarkup } from './page-render.js';

describe('the server-rendered markup', () => {
  it('puts markup into the root as it is, and leaves an empty root without', () => {
    const html = '<body><div id="root"></div></body>';
    expect(withMarkup(html, "<p>$& $' $1</p>")).toBe('<body><div id="root"><p>$& $\' $1</p></div></body>');
    expect(withMarkup(html, '')).toBe(html);
  });
});
