type Rows = Record<string, unknown>[];
type Query = (sql: string, params: unknown[]) => Promise<Rows>;

/** A compare-and-set of one row of a Keyv table (`key`, `value`), by its full key. */
export interface SqlConditional {
  read(key: string): Promise<string | undefined>;
  swap(key: string, expected: string | undefined, next: string | undefined): Promise<boolean>;
}

/**
 * Each swap is one statement whose condition is the expected value, so the database decides it
 * atomically against any other writer: an insert that does nothing if the row appeared, an update
 * or a delete that matches only the value read. RETURNING says whether a row was written.
 */
export function createSqlConditional(options: {
  table: string;
  placeholder: (n: number) => string;
  read: Query;
  write: Query;
}): SqlConditional {
  const { table, placeholder: p, read, write } = options;
  const written = async (sql: string, params: unknown[]) => (await write(sql, params)).length > 0;
  const current = async (key: string) => {
    const [row] = await read(`SELECT value FROM ${table} WHERE key = ${p(1)}`, [key]);
    return typeof row?.value === 'string' ? row.value : undefined;
  };
  return {
    read: current,
    async swap(key, expected, next) {
      if (expected === undefined && next === undefined) return (await current(key)) === undefined;
      if (expected === undefined) {
        return written(
          `INSERT INTO ${table} (key, value) VALUES (${p(1)}, ${p(2)}) ON CONFLICT (key) DO NOTHING RETURNING key`,
          [key, next],
        );
      }
      if (next === undefined) {
        return written(`DELETE FROM ${table} WHERE key = ${p(1)} AND value = ${p(2)} RETURNING key`, [
          key,
          expected,
        ]);
      }
      return written(
        `UPDATE ${table} SET value = ${p(1)} WHERE key = ${p(2)} AND value = ${p(3)} RETURNING key`,
        [next, key, expected],
      );
    },
  };
}
