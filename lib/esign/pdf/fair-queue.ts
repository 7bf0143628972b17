interface Owner<Item> {
  waiting: Item[];
  running: number;
  /** The number of the owner's last turn (0: none yet while it has had work). */
  lastTurn: number;
}

/**
 * Work kept in one first-in-first-out queue per owner (an account), given out by turns: the next
 * item is the oldest of the owner with the fewest items running, and among those of the owner
 * whose last turn is the oldest. So a free worker goes to an owner that has none before one that
 * has several, and one owner's backlog delays another's work by at most one item per round.
 */
export class FairQueue<Item> {
  /** Owners with work waiting or running; an owner with neither is forgotten. */
  private readonly owners = new Map<string, Owner<Item>>();
  private turns = 0;

  push(owner: string, item: Item): void {
    const entry = this.owners.get(owner);
    if (entry) entry.waiting.push(item);
    else this.owners.set(owner, { waiting: [item], running: 0, lastTurn: 0 });
  }

  /** The next item by turns, counted as running for its owner until `finished`; undefined when nothing waits. */
  take(): Item | undefined {
    let next: Owner<Item> | undefined;
    for (const entry of this.owners.values()) {
      if (entry.waiting.length === 0) continue;
      if (!next || entry.running < next.running || (entry.running === next.running && entry.lastTurn < next.lastTurn)) next = entry;
    }
    if (!next) return undefined;
    next.running++;
    next.lastTurn = ++this.turns;
    return next.waiting.shift();
  }

  /** One of `owner`'s items taken earlier has finished. */
  finished(owner: string): void {
    const entry = this.owners.get(owner);
    if (!entry) return;
    entry.running--;
    if (entry.running === 0 && entry.waiting.length === 0) this.owners.delete(owner);
  }

  /** How many of `owner`'s items wait. */
  waitingOf(owner: string): number {
    return this.owners.get(owner)?.waiting.length ?? 0;
  }

  /** Takes every waiting item out. */
  drain(): Item[] {
    const items = [...this.owners.values()].flatMap((entry) => entry.waiting);
    this.owners.clear();
    return items;
  }
}
