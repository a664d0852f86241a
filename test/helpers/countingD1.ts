/** A D1 binding that records each call that reaches the database (one entry per round trip). */
export function countingD1(inner: D1Database) {
  const calls: string[] = [];
  type Wrapped = D1PreparedStatement & { inner: D1PreparedStatement };
  const wrap = (statement: D1PreparedStatement): Wrapped =>
    ({
      inner: statement,
      bind: (...values: unknown[]) => wrap(statement.bind(...values)),
      first: (column?: string) => {
        calls.push("first");
        return column === undefined ? statement.first() : statement.first(column);
      },
      all: () => {
        calls.push("all");
        return statement.all();
      },
      run: () => {
        calls.push("run");
        return statement.run();
      },
      raw: (options?: { columnNames?: boolean }) => {
        calls.push("raw");
        return statement.raw(options as { columnNames: true });
      },
    }) as unknown as Wrapped;
  const binding = {
    prepare: (query: string) => wrap(inner.prepare(query)),
    batch: (statements: Wrapped[]) => {
      calls.push(`batch:${statements.length}`);
      return inner.batch(statements.map((s) => s.inner));
    },
    exec: (query: string) => {
      calls.push("exec");
      return inner.exec(query);
    },
    dump: () => inner.dump(),
    // The Worker opens a D1 session per request (read replication): the session is this same counting binding.
    withSession: () => ({ prepare: binding.prepare, batch: binding.batch, getBookmark: () => null }),
  };
  return { binding: binding as unknown as D1Database, calls };
}
