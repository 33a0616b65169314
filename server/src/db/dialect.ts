import type { DbKind } from '../config';

/** The few places where SQLite and MySQL/MariaDB differ in the SQL we write ourselves. */
export interface Dialect {
  kind: DbKind;
  quote(identifier: string): string;
  /** Case-insensitive "contains" on both engines (MySQL collations are already case-insensitive). */
  likeEscape: string;
  forUpdate: string;
}

const IDENTIFIER = /^[A-Za-z_][A-Za-z0-9_]{0,63}$/;

function checkedIdentifier(identifier: string): string {
  // Identifiers only ever come from validated metadata; this is the last line of defence.
  if (!IDENTIFIER.test(identifier)) throw new Error(`Refusing unsafe SQL identifier: ${JSON.stringify(identifier)}`);
  return identifier;
}

export function dialectFor(kind: DbKind): Dialect {
  if (kind === 'mysql') {
    return {
      kind,
      quote: (id) => `\`${checkedIdentifier(id)}\``,
      likeEscape: " ESCAPE '\\\\'",
      forUpdate: ' FOR UPDATE',
    };
  }
  return { kind, quote: (id) => `"${checkedIdentifier(id)}"`, likeEscape: " ESCAPE '\\'", forUpdate: '' };
}
