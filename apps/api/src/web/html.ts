/**
 * Writing into the built index.html: JSON data blocks and tags before `</head>`. The text goes in as it is,
 * whatever it holds: no string-replacement pattern reads it (`$&`, `` $` `` and `$'` in a game's name would
 * splice the template into the page), and no `</script>` in it ends its block.
 */

/** JSON inside `<script type="application/json">`: `<` escaped, so no `</script>` can end the block early. */
const jsonForHtml = (json: string) => json.replace(/</g, '\\u003c');

/** A JSON data block the web app reads by its id (no inline script, so the CSP stays strict). */
export const jsonBlock = (id: string, json: string): string =>
  `<script id="${id}" type="application/json">${jsonForHtml(json)}</script>`;

/** `html` with `tags` inserted before its `</head>`; unchanged when it has none. */
export function beforeHeadEnd(html: string, tags: string): string {
  const at = html.indexOf('</head>');
  return at < 0 ? html : html.slice(0, at) + tags + html.slice(at);
}
