import { type Item, type Kind, kindOf } from './items.js';

/** An item waiting, with its sequence number and when it arrived (for linger). */
export interface Entry {
  readonly item: Item;
  readonly seq: number;
  readonly arrivedMs: number;
}

/** A FIFO with O(1) removal at the head (an array and a moving start, compacted now and then). */
class Fifo<T> {
  private items: T[] = [];
  private head = 0;

  get length(): number {
    return this.items.length - this.head;
  }

  push(item: T): void {
    this.items.push(item);
  }

  peek(): T | undefined {
    return this.head < this.items.length ? this.items[this.head] : undefined;
  }

  shift(): T | undefined {
    if (this.head >= this.items.length) {
      return undefined;
    }
    const item = this.items[this.head]!;
    this.items[this.head++] = undefined as T;
    if (this.head > 1024 && this.head * 2 > this.items.length) {
      this.items = this.items.slice(this.head);
      this.head = 0;
    }
    return item;
  }
}

/** What {@link ItemBuffer.add} did. */
export type Added = { readonly kind: 'added' } | { readonly kind: 'dropped-oldest'; readonly dropped: Item } | { readonly kind: 'closed' };

/** What the sender should do next: send a batch, wait this long for one, or nothing. */
export type Next =
  | { readonly kind: 'batch'; readonly itemKind: Kind; readonly batch: Entry[] }
  | { readonly kind: 'wait'; readonly ms: number }
  | { readonly kind: 'idle' };

/**
 * The bounded buffer between `send` and the sender (the role of Kafka's RecordAccumulator, as in the
 * Java client): one FIFO per kind, a capacity shared by both, the oldest item dropped when full.
 * Every item gets a sequence number, so a flush waits for exactly the items sent before it: they are
 * settled when no queue head and no in-flight batch is older.
 */
export class ItemBuffer {
  private readonly events = new Fifo<Entry>();
  private readonly rows = new Fifo<Entry>();
  private nextSeq = 0;
  private inFlightFrom = Number.POSITIVE_INFINITY;
  private inFlight = 0;
  private flushBefore = 0;
  private accepting = true;
  private closing = false;

  constructor(
    private readonly capacity: number,
    private readonly batchSize: number,
    private readonly lingerMs: number,
  ) {}

  add(item: Item, nowMs: number): Added {
    if (!this.accepting) {
      return { kind: 'closed' };
    }
    let added: Added = { kind: 'added' };
    if (this.events.length + this.rows.length >= this.capacity) {
      added = { kind: 'dropped-oldest', dropped: this.oldestQueue()!.shift()!.item };
    }
    this.queue(kindOf(item)).push({ item, seq: this.nextSeq++, arrivedMs: nowMs });
    return added;
  }

  /** The sequence number the next item will get: a flush now waits for every item below it. */
  get sequence(): number {
    return this.nextSeq;
  }

  /** Asks for every item below `before` to be sent without lingering. */
  flushUpTo(before: number): void {
    this.flushBefore = Math.max(this.flushBefore, before);
  }

  /**
   * The next batch when one is due — full, lingered long enough, or asked for by a flush or close —
   * taken out of its queue (oldest kind first); otherwise how long until one is due.
   */
  next(nowMs: number): Next {
    const queue = this.oldestQueue();
    if (queue === undefined) {
      return { kind: 'idle' };
    }
    const head = queue.peek()!;
    const waited = nowMs - head.arrivedMs;
    if (
      this.closing ||
      waited >= this.lingerMs ||
      head.seq < this.flushBefore ||
      this.events.length >= this.batchSize ||
      this.rows.length >= this.batchSize
    ) {
      const n = Math.min(this.batchSize, queue.length);
      const batch: Entry[] = [];
      for (let i = 0; i < n; i++) {
        batch.push(queue.shift()!);
      }
      this.inFlightFrom = batch[0]!.seq;
      this.inFlight = n;
      return { kind: 'batch', itemKind: kindOf(head.item), batch };
    }
    return { kind: 'wait', ms: this.lingerMs - waited };
  }

  /** The in-flight batch is settled (delivered, rejected or failed). */
  settled(): void {
    this.inFlightFrom = Number.POSITIVE_INFINITY;
    this.inFlight = 0;
  }

  /** Stops accepting items; what is left is sent without lingering. */
  close(): void {
    this.accepting = false;
    this.closing = true;
  }

  /** Everything still waiting, removed, oldest first (for the sender to fail when it must stop). */
  drainAll(): Item[] {
    const left: Item[] = [];
    let queue: Fifo<Entry> | undefined;
    while ((queue = this.oldestQueue()) !== undefined) {
      left.push(queue.shift()!.item);
    }
    return left;
  }

  /** Items added and not settled: waiting plus in flight. */
  unsettled(): number {
    return this.events.length + this.rows.length + this.inFlight;
  }

  /** True when every item added before sequence number `seq` is settled. */
  settledBefore(seq: number): boolean {
    const queue = this.oldestQueue();
    return (queue === undefined || queue.peek()!.seq >= seq) && this.inFlightFrom >= seq;
  }

  private oldestQueue(): Fifo<Entry> | undefined {
    const e = this.events.peek();
    const r = this.rows.peek();
    if (e === undefined) {
      return r === undefined ? undefined : this.rows;
    }
    return r === undefined || e.seq < r.seq ? this.events : this.rows;
  }

  private queue(kind: Kind): Fifo<Entry> {
    return kind === 'events' ? this.events : this.rows;
  }
}
