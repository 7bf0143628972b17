/**
 * Waiting work kept in one first-in-first-out queue per owner (an account), served in turn: each
 * `shift` takes the oldest item of the owner whose turn it is, then puts that owner behind every
 * other owner with work waiting. So one owner's backlog delays another owner's work by at most
 * one item per round, however long it is.
 */
export class FairQueue<Item> {
  /** Owners with work waiting, in the order of their turns (a Map keeps insertion order). */
  private readonly waiting = new Map<string, Item[]>();

  push(owner: string, item: Item): void {
    const items = this.waiting.get(owner);
    if (items) items.push(item);
    else this.waiting.set(owner, [item]);
  }

  /** The next item, by turns among owners; undefined when nothing waits. */
  shift(): Item | undefined {
    const next = this.waiting.entries().next();
    if (next.done) return undefined;
    const [owner, items] = next.value;
    const item = items.shift();
    // Deleted and set again, the owner goes to the back of the turns (or leaves them, with nothing left).
    this.waiting.delete(owner);
    if (items.length > 0) this.waiting.set(owner, items);
    return item;
  }

  /** How many of `owner`'s items wait. */
  countOf(owner: string): number {
    return this.waiting.get(owner)?.length ?? 0;
  }

  /** Takes every waiting item out, owners' turns in order. */
  drain(): Item[] {
    const items = [...this.waiting.values()].flat();
    this.waiting.clear();
    return items;
  }
}
