import { sql, type SQL, type SQLWrapper } from "drizzle-orm";

/**
 * True where the column contains the text as typed, ignoring ASCII case (as LIKE would). Written with instr rather
 * than LIKE because D1 refuses LIKE patterns over 50 bytes, which a few emoji or a pasted phrase exceed; instr has
 * no such limit and needs no escaping of the user's % and _.
 */
export function containsText(column: SQLWrapper, text: string): SQL {
  return sql`instr(lower(${column}), lower(${text})) > 0`;
}
