"""The bounded buffer between callers and the sender thread (the Java client's ``ItemBuffer``).

One FIFO per kind under one short lock, a capacity shared by both, the oldest item dropped when
full. Every item gets a sequence number, so ``flush`` can wait for exactly the items sent before
it: they are settled when no queue head and no in-flight batch is older.
"""

from __future__ import annotations

import collections
import threading
import time
from typing import Deque, Dict, List, NamedTuple, Optional

from ._items import Item, ProductEvent

EVENTS = "events"
ROWS = "rows"

ADDED = "added"
ADDED_DROPPING_OLDEST = "added_dropping_oldest"
CLOSED = "closed"

_NONE = float("inf")


def kind_of(item: Item) -> str:
    return EVENTS if isinstance(item, ProductEvent) else ROWS


class Entry(NamedTuple):
    item: Item
    seq: int
    arrived: float


class Work(NamedTuple):
    """What the sender takes: drops to report, and a batch of one kind (possibly empty)."""

    dropped: List[Item]
    kind: str
    batch: List[Item]


class ItemBuffer:
    def __init__(self, capacity: int, batch_size: int, linger: float) -> None:
        self._lock = threading.Lock()
        self._work = threading.Condition(self._lock)
        self._settled = threading.Condition(self._lock)
        self._queues: Dict[str, Deque[Entry]] = {EVENTS: collections.deque(), ROWS: collections.deque()}
        self._drop_notices: Deque[Item] = collections.deque()
        self._capacity = capacity
        self._batch_size = batch_size
        self._linger = linger
        self._next_seq = 0
        self._in_flight_from: float = _NONE
        self._in_flight = 0
        self._flush_before = 0
        self._accepting = True
        self._closing = False

    def add(self, item: Item) -> str:
        now = time.monotonic()
        with self._lock:
            if not self._accepting:
                return CLOSED
            result = ADDED
            size = len(self._queues[EVENTS]) + len(self._queues[ROWS])
            if size >= self._capacity:
                oldest = self._oldest_queue()
                assert oldest is not None
                dropped = oldest.popleft()
                if len(self._drop_notices) < self._capacity:
                    self._drop_notices.append(dropped.item)
                result = ADDED_DROPPING_OLDEST
                size -= 1
            queue = self._queues[kind_of(item)]
            queue.append(Entry(item, self._next_seq, now))
            self._next_seq += 1
            # Wake the sender only when it has something new to decide: a first item (start its
            # linger), a full batch, or a drop to report.
            if size == 0 or len(queue) == self._batch_size or result != ADDED:
                self._work.notify()
            return result

    def take(self) -> Optional[Work]:
        """Blocks until there is work: a batch that is full, lingered long enough, or asked for by a
        flush or close; or drops to report. None when closing and nothing is left."""
        with self._lock:
            while True:
                dropped = list(self._drop_notices)
                self._drop_notices.clear()
                queue = self._oldest_queue()
                if queue is None:
                    if dropped:
                        return Work(dropped, EVENTS, [])
                    if self._closing:
                        return None
                    self._work.wait()
                    continue
                head = queue[0]
                waited = time.monotonic() - head.arrived
                if (
                    self._closing
                    or waited >= self._linger
                    or head.seq < self._flush_before
                    or len(self._queues[EVENTS]) >= self._batch_size
                    or len(self._queues[ROWS]) >= self._batch_size
                ):
                    n = min(self._batch_size, len(queue))
                    batch = [queue.popleft() for _ in range(n)]
                    self._in_flight_from = batch[0].seq
                    self._in_flight = n
                    return Work(dropped, kind_of(head.item), [e.item for e in batch])
                if dropped:
                    return Work(dropped, EVENTS, [])
                self._work.wait(self._linger - waited)

    def settled(self) -> None:
        """The in-flight batch is settled (delivered, rejected or failed): wake flushers."""
        with self._lock:
            self._in_flight_from = _NONE
            self._in_flight = 0
            self._settled.notify_all()

    def flush(self, timeout: float) -> bool:
        """Waits until every item added before this call is settled; False when the timeout passed first."""
        deadline = time.monotonic() + timeout
        with self._lock:
            before = self._next_seq
            if before > self._flush_before:
                self._flush_before = before
                self._work.notify()
            while not self._settled_before(before):
                remaining = deadline - time.monotonic()
                if remaining <= 0:
                    return False
                self._settled.wait(remaining)
            return True

    def close(self) -> None:
        """Stops accepting items; the sender sends what is left without lingering, then stops."""
        with self._lock:
            self._accepting = False
            self._closing = True
            self._work.notify()

    def drain_all(self) -> List[Item]:
        """Everything still waiting, removed, oldest first (for failing when the sender must stop)."""
        with self._lock:
            left = []
            while True:
                queue = self._oldest_queue()
                if queue is None:
                    break
                left.append(queue.popleft().item)
            self._settled.notify_all()
            return left

    def drain_drop_notices(self) -> List[Item]:
        with self._lock:
            dropped = list(self._drop_notices)
            self._drop_notices.clear()
            return dropped

    def unsettled(self) -> int:
        """Items added and not settled: waiting plus in flight."""
        with self._lock:
            return len(self._queues[EVENTS]) + len(self._queues[ROWS]) + self._in_flight

    def all_settled(self) -> bool:
        with self._lock:
            return self._settled_before(self._next_seq)

    def _settled_before(self, seq: int) -> bool:
        queue = self._oldest_queue()
        return (queue is None or queue[0].seq >= seq) and self._in_flight_from >= seq

    def _oldest_queue(self) -> Optional[Deque[Entry]]:
        """The queue whose head is the oldest item, or None when both are empty."""
        events, rows = self._queues[EVENTS], self._queues[ROWS]
        if not events:
            return rows if rows else None
        return events if not rows or events[0].seq < rows[0].seq else rows

