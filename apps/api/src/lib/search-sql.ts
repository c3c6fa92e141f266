/**
 * toSearchText's accent folding in SQL, for columns that have no search name computed in JavaScript
 * (customer names: users.search_name is generated from it). translate() with the Vietnamese letters of
 * both cases works the same on PGlite and PostgreSQL without an extension; upper-case accented letters
 * are mapped straight to lower-case ones because PGlite's lower() folds ASCII only.
 */
import { sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import { toSearchText } from './search-text.js';

const VI_LOWER = 'àáạảãâầấậẩẫăằắặẳẵèéẹẻẽêềếệểễìíịỉĩòóọỏõôồốộổỗơờớợởỡùúụủũưừứựửữỳýỵỷỹđ';
const FOLD_FROM = VI_LOWER + VI_LOWER.toUpperCase();
const FOLD_TO = [...FOLD_FROM].map((letter) => toSearchText(letter)).join('');

/**
 * `column` folded like toSearchText, to compare with LIKE against a folded keyword. The letters are SQL
 * literals, not parameters: the expression is a generated column's (schema.ts), written into a migration.
 * Neither string holds a quote.
 */
export function foldedText(column: SQLWrapper): SQL {
  return sql`lower(translate(${column}, ${sql.raw(`'${FOLD_FROM}'`)}, ${sql.raw(`'${FOLD_TO}'`)}))`;
}
