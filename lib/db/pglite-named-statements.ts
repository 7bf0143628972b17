import { type messages, parse, PGlite, protocol, type QueryOptions, type Results, type Transaction, types } from "@electric-sql/pglite";
import { isStalePreparedStatement } from "./errors";
import type { NamedStatementRunner, TextNamer } from "./prepared-statements";

/**
 * Rows as Drizzle's PGlite driver reads them for a select (arrays; timestamps, dates and intervals
 * as the database's text: its `queryConfig`), so that preparedRows answers the same by name or
 * not; tests/api/prepared-statements.test.ts compares the two for each kind of column.
 */
const ROWS_AS_DRIZZLE_READS: QueryOptions = {
  rowMode: "array",
  parsers: Object.fromEntries(
    [types.TIMESTAMP, types.TIMESTAMPTZ, types.INTERVAL, types.DATE, 1231, 1115, 1185, 1187, 1182].map((type) => [type, (value: string) => value]),
  ),
};

/**
 * PGlite with named prepared statements. Its own `query` parses, describes and plans every
 * statement anew, and it has no named ones: a list page's statements took 6.7 ms where the same,
 * prepared, took 3.8 (20,000 packages, docs/benchmarks.md). Here a statement is parsed and
 * described once per name; PostgreSQL then plans it with its values for five executions and
 * afterwards keeps its generic plan when that is estimated no worse, as on a server. Two ways in:
 * `queryNamed` (preparedRows) and `query` for a text named with `runByName` (preparedWithName: a
 * statement Drizzle prepared with a name). A name that turns stale is closed and parsed anew.
 *
 * The same extended-protocol steps as PGlite's `query`, under the same locks: outside a
 * transaction both the transaction lock (so no other transaction's statements come in between)
 * and the query lock; inside one of its transactions (`transaction` hands the callback a
 * transaction with `queryNamed`) the query lock alone, since the transaction holds the other.
 */
export class PGliteWithNamedStatements extends PGlite implements NamedStatementRunner, TextNamer {
  /** Each statement this session prepared, with its parameters' types. */
  readonly #prepared = new Map<string, number[]>();
  /** Texts that `query` runs by name (runByName). */
  readonly #namesOfTexts = new Map<string, string>();

  async queryNamed(name: string, text: string, params: unknown[]): Promise<unknown[][]> {
    await this._checkReady();
    return this._runExclusiveTransaction(() => this._runExclusiveQuery(() => this.#runNamed<unknown[]>(name, text, params, ROWS_AS_DRIZZLE_READS, { inTransaction: false }))).then(
      (results) => results.rows,
    );
  }

  /** From now on, `query(text)` runs `text` as the named statement `name` (Drizzle's `.prepare(name)`, which its driver runs unnamed). */
  runByName(text: string, name: string): void {
    this.#namesOfTexts.set(text, name);
  }

  override async query<T>(text: string, params: unknown[] = [], options?: QueryOptions): Promise<Results<T>> {
    const name = this.#namesOfTexts.get(text);
    if (!name) return super.query<T>(text, params, options);
    await this._checkReady();
    return this._runExclusiveTransaction(() => this._runExclusiveQuery(() => this.#runNamed<T>(name, text, params, options, { inTransaction: false })));
  }

  override transaction<T>(callback: (tx: Transaction) => Promise<T>): Promise<T> {
    return super.transaction((tx) => {
      const runner: NamedStatementRunner = {
        queryNamed: async (name, text, params) => {
          // As PGlite's own tx.query: a transaction that ended runs nothing more (it would run inside whichever came next).
          if (tx.closed) throw new Error("Transaction is closed");
          return (await this._runExclusiveQuery(() => this.#runNamed<unknown[]>(name, text, params, ROWS_AS_DRIZZLE_READS, { inTransaction: true }))).rows;
        },
      };
      return callback(Object.assign(tx, runner));
    });
  }

  async #runNamed<T>(name: string, text: string, params: unknown[], options: QueryOptions | undefined, { inTransaction }: { inTransaction: boolean }): Promise<Results<T>> {
    const run = (message: Uint8Array) => this.execProtocolStream(message, { syncToFs: false });
    const messages: messages.BackendMessage[] = [];
    let closeAfter = false;
    try {
      let parameterTypes = this.#prepared.get(name);
      if (!parameterTypes) {
        await run(protocol.serialize.parse({ name, text }));
        parameterTypes = parse.parseDescribeStatementResults(await run(protocol.serialize.describe({ type: "S", name })));
        this.#prepared.set(name, parameterTypes);
      }
      const values = params.map((param, i) => (param === null || param === undefined ? null : (this.serializers[parameterTypes[i]] ?? String)(param)));
      messages.push(
        ...(await run(protocol.serialize.bind({ statement: name, values }))),
        ...(await run(protocol.serialize.describe({ type: "P" }))),
        ...(await run(protocol.serialize.execute({}))),
      );
    } catch (error) {
      // Closed, so that the name is parsed again next time: parsed but not described, or prepared
      // before a change to what it reads, which PostgreSQL refuses from then on (a migration).
      closeAfter = !this.#prepared.has(name) || isStalePreparedStatement(error);
      throw error;
    } finally {
      messages.push(...(await run(protocol.serialize.sync())));
      if (closeAfter) {
        this.#prepared.delete(name);
        await run(Buffer.concat([protocol.serialize.close({ type: "S", name }), protocol.serialize.sync()]));
      }
    }
    if (!inTransaction) await this.syncToFs();
    return parse.parseResults(messages, this.parsers, options)[0] as Results<T>;
  }
}
