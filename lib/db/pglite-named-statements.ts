import { type messages, parse, PGlite, protocol, type QueryOptions, type Results, type Transaction } from "@electric-sql/pglite";
import { createHash } from "node:crypto";
import { isStalePreparedStatement } from "./errors";

/**
 * Statements the session keeps at most: each holds its plan in PGlite's memory (about 130 KB for a
 * list page's read, a few KB for most), and texts are not a fixed few (an `in` list's length, a
 * folder's statuses). Past it, the least recently run is closed.
 */
export const MAX_NAMED_STATEMENTS = 256;

/**
 * Statements worth keeping: reads and writes. Anything else (a migration's DDL, BEGIN), and a text
 * that begins with a comment (PLANNED_WITH_ITS_VALUES, a search: prepared-statements.ts), runs as
 * PGlite runs it, unnamed.
 */
const NAMEABLE = /^\s*(select|with|insert|update|delete)\b/i;

/**
 * PGlite that runs every read and write as a named prepared statement. PGlite's own `query`,
 * which Drizzle's driver calls (ignoring the name of a statement prepared with `.prepare(name)`),
 * parses, describes and plans every statement anew on the one WebAssembly thread all requests
 * share: a list page's statements took 6.7 ms that way and 3.8 ms prepared (20,000 packages), the
 * API-key lookup every request makes 1.33 ms and 0.29, a package's GET in process 11 to 15 ms and
 * 7.8 to 8.5 (docs/benchmarks.md). Here each text is parsed and described once
 * (its name a hash of it); PostgreSQL plans it with its values for five executions and afterwards
 * keeps its generic plan when that is estimated no worse.
 *
 * A statement's parameter types are those its first Parse inferred from its text. A migration can
 * change what a statement reads: PostgreSQL then refuses one whose result columns changed ("cached
 * plan must not change result type"), and every statement is closed, so that each is parsed anew
 * at its next run (outside a transaction, the refused one at once). A migration that changes only
 * a parameter's type goes unseen; on PGlite migrations run at start, before any request.
 *
 * The same extended-protocol steps as PGlite's `query`, under the same locks: outside a
 * transaction both the transaction lock (so no other transaction's statements come in between)
 * and the query lock; a transaction's `query` (`transaction` below) takes the query lock alone,
 * since the transaction holds the other. Options only PGlite's own path handles (a COPY's blob,
 * parameter types or serializers of the call's own, notices) send a statement that way.
 */
export class PGliteWithNamedStatements extends PGlite {
  /** Each statement this session prepared, by its text: its name and its parameters' types; in the order last run. */
  readonly #prepared = new Map<string, { name: string; parameterTypes: number[] }>();

  override async query<T>(text: string, params: unknown[] = [], options?: QueryOptions): Promise<Results<T>> {
    if (!runsByName(text, options)) return super.query<T>(text, params, options);
    await this._checkReady();
    const run = () => this._runExclusiveTransaction(() => this._runExclusiveQuery(() => this.#runNamed<T>(text, params, options, { inTransaction: false })));
    try {
      return await run();
    } catch (error) {
      // Stale (a migration changed what it reads): closed now, so the run again parses it anew.
      // Inside a transaction the refusal aborted it, so there the error goes to the caller.
      if (!isStalePreparedStatement(error)) throw error;
      return run();
    }
  }

  override transaction<T>(callback: (tx: Transaction) => Promise<T>): Promise<T> {
    return super.transaction((tx) => {
      const unnamed = tx.query.bind(tx);
      const query = async <R>(text: string, params: unknown[] = [], options?: QueryOptions): Promise<Results<R>> => {
        if (!runsByName(text, options)) return unnamed<R>(text, params, options);
        // As PGlite's own tx.query: a transaction that ended runs nothing more (it would run inside whichever came next).
        if (tx.closed) throw new Error("Transaction is closed");
        return this._runExclusiveQuery(() => this.#runNamed<R>(text, params, options, { inTransaction: true }));
      };
      return callback(Object.assign(tx, { query }));
    });
  }

  async #runNamed<T>(text: string, params: unknown[], options: QueryOptions | undefined, { inTransaction }: { inTransaction: boolean }): Promise<Results<T>> {
    const messages: messages.BackendMessage[] = [];
    let statement = this.#prepared.get(text);
    const name = statement?.name ?? `signet_${createHash("sha256").update(text).digest("base64url").slice(0, 20)}`;
    let parsedNow = false;
    let stale = false;
    try {
      if (statement) {
        this.#prepared.delete(text); // to the end: the most recently run
        this.#prepared.set(text, statement);
      } else {
        await this.#makeRoom();
        await this.#send(protocol.serialize.parse({ name, text }));
        parsedNow = true;
        statement = { name, parameterTypes: parse.parseDescribeStatementResults(await this.#send(protocol.serialize.describe({ type: "S", name }))) };
        this.#prepared.set(text, statement);
      }
      const { parameterTypes } = statement;
      const values = params.map((param, i) => (param === null || param === undefined ? null : (this.serializers[parameterTypes[i]] ?? String)(param)));
      messages.push(
        ...(await this.#send(protocol.serialize.bind({ statement: name, values }))),
        ...(await this.#send(protocol.serialize.describe({ type: "P" }))),
        ...(await this.#send(protocol.serialize.execute({}))),
      );
    } catch (error) {
      stale = isStalePreparedStatement(error);
      throw error;
    } finally {
      messages.push(...(await this.#send(protocol.serialize.sync())));
      if (stale) {
        // Every statement: a migration may have made others stale too, each of which would abort a transaction of its own.
        const names = [...this.#prepared.values()].map((prepared) => prepared.name);
        this.#prepared.clear();
        await this.#close(names);
      } else if (parsedNow && !this.#prepared.has(text)) await this.#close([name]); // parsed, not described: parsed again next time
    }
    if (!inTransaction) await this.syncToFs();
    return parse.parseResults(messages, this.parsers, options)[0] as Results<T>;
  }

  async #makeRoom(): Promise<void> {
    if (this.#prepared.size < MAX_NAMED_STATEMENTS) return;
    const [[leastRecentlyRun, { name }]] = this.#prepared;
    this.#prepared.delete(leastRecentlyRun);
    await this.#close([name]);
  }

  async #close(names: string[]): Promise<void> {
    await this.#send(Buffer.concat([...names.map((name) => protocol.serialize.close({ type: "S", name })), protocol.serialize.sync()]));
  }

  #send(message: Uint8Array): Promise<messages.BackendMessage[]> {
    return this.execProtocolStream(message, { syncToFs: false });
  }
}

function runsByName(text: string, options: QueryOptions | undefined): boolean {
  return NAMEABLE.test(text) && !options?.blob && !options?.paramTypes && !options?.serializers && !options?.onNotice;
}
