"""The client: a non-blocking ``send``, one daemon sender thread, bounded retries, flush and close.

The same design and guarantees as the Java client (docs/client.md): ``ItemBuffer`` plays Kafka's
``RecordAccumulator`` and the sender thread Kafka's ``Sender``.
"""

from __future__ import annotations

import atexit
import datetime as _dt
import email.utils
import http.client
import itertools
import logging
import random
import socket
import ssl
import threading
import time
from typing import Any, Callable, List, NamedTuple, Optional, Sequence, Union
from urllib.parse import urlsplit

from . import __version__
from ._buffer import ADDED, CLOSED, EVENTS, ROWS, ItemBuffer
from ._items import InternalUsageRow, Item, ProductEvent

_LOG = logging.getLogger("spendline")

#: The server's limit, 5 MiB per request body.
MAX_BODY_BYTES = 5 * 1024 * 1024
_PATHS = {EVENTS: "/api/v1/events", ROWS: "/api/v1/internal-usage"}
_INSTANCES = itertools.count(1)

Seconds = Union[float, int, _dt.timedelta]


class ClientMetrics(NamedTuple):
    """A snapshot of a client's counters, all in items since the client was made."""

    #: accepted by Spendline (2xx)
    sent: int
    #: item re-sends: a batch of 10 sent a second time adds 10
    retried: int
    #: removed from a full buffer, or sent after close
    dropped: int
    #: refused with a non-retryable 4xx
    rejected: int
    #: given up: retries exhausted, or still unsent when close's deadline passed
    failed: int
    #: sent by the caller and not settled yet (waiting or in flight), now
    buffered: int


class DeliveryListener:
    """What happened to the items sent; subclass it and override what you need.

    Every item ends in exactly one of ``delivered``, ``rejected``, ``failed`` or ``dropped``.
    Called on the client's sender thread (except ``dropped`` for an item sent after ``close``,
    called on the sending thread): keep it quick, and never call the provider again from here. An
    exception raised by a listener is logged and ignored.
    """

    def delivered(self, items: Sequence[Item]) -> None:
        """Accepted by Spendline (2xx): durable."""

    def rejected(self, items: Sequence[Item], status: int, problem_json: str) -> None:
        """Refused with a 4xx other than 408 and 429: never retried, since the same request would
        fail again. ``problem_json`` is the answer's body (RFC 9457 problem JSON listing every
        problem, with pointers such as ``/events/3/costUsd``)."""

    def failed(self, items: Sequence[Item], reason: str) -> None:
        """Not delivered: retries exhausted, or the client closed before it could be sent."""

    def dropped(self, item: Item) -> None:
        """Removed from a full buffer to make room (the oldest goes first), or sent after close."""


class _Closed(Exception):
    """close()'s deadline passed: the sender stops and fails what is left."""


class _Answer(NamedTuple):
    """What one attempt got: an HTTP status (0 for a network error or timeout), its body, hints."""

    status: int
    body: str
    retry_after: float
    error: str

    def retryable(self) -> bool:
        """5xx, 408, 429 and no answer at all; every other 4xx would fail the same way again."""
        return self.status == 0 or self.status in (408, 429) or self.status >= 500

    def describe(self) -> str:
        return self.error if self.status == 0 else f"HTTP {self.status}"


def _seconds(value: Seconds, name: str, allow_zero: bool) -> float:
    if isinstance(value, _dt.timedelta):
        value = value.total_seconds()
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        raise TypeError(f"{name} must be a number of seconds or a timedelta, not {type(value).__name__}")
    if value != value or value in (float("inf"), float("-inf")):
        raise ValueError(f"{name} must be a finite number of seconds: {value}")
    if value < 0 or (value == 0 and not allow_zero):
        raise ValueError(f"{name} must be {'at least 0' if allow_zero else 'positive'}: {value}")
    return float(value)


def _int(value: int, name: str, low: int, high: Optional[int] = None) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise TypeError(f"{name} must be an int, not {type(value).__name__}")
    if value < low or (high is not None and value > high):
        bounds = f"{low} to {high}" if high is not None else f"at least {low}"
        raise ValueError(f"{name} must be {bounds}: {value}")
    return value


def full_jitter(attempt: int, base: float, cap: float) -> float:
    """Full jitter (AWS Architecture Blog, "Exponential Backoff And Jitter"): uniform in
    [0, min(cap, base * 2**attempt)], so that many senders retrying after one outage spread out."""
    ceiling = cap if attempt >= 62 else min(cap, base * (2**attempt))
    return random.uniform(0, ceiling)


def retry_after_seconds(header: Optional[str], now: Optional[float] = None) -> float:
    """Seconds, or an HTTP date (RFC 9110 section 10.2.3); 0 when absent or unreadable."""
    if header is None or not header.strip():
        return 0.0
    value = header.strip()
    if value.isdigit():
        return float(value)
    try:
        at = email.utils.parsedate_to_datetime(value)
    except (TypeError, ValueError, IndexError):
        return 0.0
    if at is None:
        return 0.0
    if at.tzinfo is None:  # RFC 9110 dates are GMT
        at = at.replace(tzinfo=_dt.timezone.utc)
    return max(0.0, at.timestamp() - (time.time() if now is None else now))


class SpendlineClient:
    """Sends product events and internal usage rows to Spendline without slowing the application.

    - :meth:`send` only puts the item in a bounded in-memory buffer and returns: no I/O, no JSON,
      no waiting. When the buffer is full the oldest item is dropped and counted.
    - One daemon thread (``spendline-sender-N``) takes batches of one kind (at most
      ``batch_size``, after at most ``linger`` seconds), writes them as JSON and posts them to
      ``/api/v1/events`` or ``/api/v1/internal-usage``.
    - Only what can succeed is retried: no answer (connection error, timeout), 5xx, 408 and 429
      (honouring ``Retry-After``), at most ``max_retries`` times with exponential backoff and full
      jitter. Any other 4xx is reported as rejected with the server's problem JSON.
    - :meth:`flush` and :meth:`close` wait, at most until their deadline, for what was sent before
      them. ``close`` is also registered with :mod:`atexit` (``close_at_exit``).

    A retried batch may already have been accepted (the answer was lost): Spendline counts it once
    only when its items carry an identity (``source`` + ``external_id`` for events, ``external_id``
    for rows). Only the delivery is ever retried, never the provider call the item describes.
    Thread-safe; keep one client per process.
    """

    def __init__(
        self,
        base_url: str,
        api_key: str,
        *,
        buffer_capacity: int = 10_000,
        batch_size: int = 500,
        linger: Seconds = 0.2,
        request_timeout: Seconds = 10.0,
        max_retries: int = 5,
        backoff_base: Seconds = 0.2,
        backoff_max: Seconds = 30.0,
        close_timeout: Seconds = 5.0,
        listener: Optional[DeliveryListener] = None,
        close_at_exit: bool = True,
    ) -> None:
        """Starts the sender thread. Raises ``ValueError`` / ``TypeError`` for a bad setting.

        :param base_url: Spendline's base URL (``https://spendline.example.com``, or with a path prefix)
        :param api_key: a workspace API key (``spl_...``)
        :param buffer_capacity: items waiting at most; the oldest is dropped beyond
        :param batch_size: items per request, 1 to 1000 (the server's limit)
        :param linger: seconds the oldest item may wait for a batch to fill; 0 sends at once
        :param request_timeout: seconds per attempt: connect plus answer
        :param max_retries: retries after the first attempt; 0 disables them
        :param backoff_base: full-jitter exponential backoff: retry n waits up to
            ``min(backoff_max, backoff_base * 2**n)`` seconds
        :param backoff_max: also the longest ``Retry-After`` honoured; a longer one ends the retries
        :param close_timeout: the deadline of :meth:`close` without an argument, and at exit
        :param listener: told how each item ended
        :param close_at_exit: register :meth:`close` with :mod:`atexit`
        """
        if not isinstance(base_url, str):
            raise TypeError(f"base_url must be a string, not {type(base_url).__name__}")
        parts = urlsplit(base_url)
        if parts.scheme.lower() not in ("http", "https") or not parts.hostname:
            raise ValueError(f"base_url must be an absolute http(s) URL: {base_url!r}")
        if parts.query or parts.fragment:
            raise ValueError(f"base_url must not have a query or fragment: {base_url!r}")
        if not isinstance(api_key, str) or not api_key.strip():
            raise ValueError("the API key is empty")
        if not api_key.isprintable() or any(c.isspace() for c in api_key):
            raise ValueError("the API key must not contain spaces or control characters")
        self._https = parts.scheme.lower() == "https"
        self._host = parts.hostname
        try:
            self._port = parts.port or (443 if self._https else 80)
        except ValueError:
            raise ValueError(f"base_url has an invalid port: {base_url!r}") from None
        self._prefix = parts.path.rstrip("/")
        self._api_key = api_key
        self._batch_size = _int(batch_size, "batch_size", 1, 1000)
        self._request_timeout = _seconds(request_timeout, "request_timeout", allow_zero=False)
        self._max_retries = _int(max_retries, "max_retries", 0)
        self._backoff_base = _seconds(backoff_base, "backoff_base", allow_zero=False)
        self._backoff_max = _seconds(backoff_max, "backoff_max", allow_zero=False)
        if self._backoff_max < self._backoff_base:
            raise ValueError("backoff_max must be at least backoff_base")
        self._close_timeout = _seconds(close_timeout, "close_timeout", allow_zero=True)
        if listener is not None and not isinstance(listener, DeliveryListener):
            raise TypeError("listener must be a DeliveryListener (subclass it and override what you need)")
        self._listener = listener or DeliveryListener()
        self._buffer = ItemBuffer(
            _int(buffer_capacity, "buffer_capacity", 1),
            self._batch_size,
            _seconds(linger, "linger", allow_zero=True),
        )
        self._user_agent = f"spendline-python/{__version__}"
        self._ssl = ssl.create_default_context() if self._https else None

        self._counter_lock = threading.Lock()
        self._sent = self._retried = self._dropped = self._rejected = self._failed = 0
        self._abort = threading.Event()
        self._socket_lock = threading.Lock()
        self._socket: Optional[socket.socket] = None
        self._close_lock = threading.Lock()
        self._closed_result: Optional[bool] = None

        self._thread = threading.Thread(
            target=self._run, name=f"spendline-sender-{next(_INSTANCES)}", daemon=True
        )
        self._thread.start()
        self._close_at_exit = close_at_exit
        if close_at_exit:
            atexit.register(self._at_exit)

    # ----------------------------------------------------------------------------------- callers

    def send(self, item: Item) -> None:
        """Queues a product event or an internal usage row; never blocks, never raises for a
        delivery reason (also not after close, when the item is dropped and counted)."""
        if not isinstance(item, (ProductEvent, InternalUsageRow)):
            raise TypeError(f"send takes a ProductEvent or an InternalUsageRow, not {type(item).__name__}")
        added = self._buffer.add(item)
        if added == ADDED:
            return
        self._count("_dropped", 1)
        if added == CLOSED:
            # No sender thread any more: the only callback made on the caller's thread.
            self._notify(self._listener.dropped, item)

    def flush(self, timeout: Seconds) -> bool:
        """Waits until every item sent before this call is settled (delivered, rejected, failed or
        dropped), sending lingering batches at once. False when ``timeout`` passed first (the items
        stay queued and keep being tried)."""
        return self._buffer.flush(_seconds(timeout, "timeout", allow_zero=True))

    def close(self, timeout: Optional[Seconds] = None) -> bool:
        """Stops accepting items (later sends are dropped and counted), sends what is buffered
        without lingering, and stops the sender thread, all within ``timeout`` seconds (default
        ``close_timeout``). What is still unsent then (an in-flight request is abandoned) is
        reported as failed. True when everything sent before was settled without being cut short.
        Calling it again returns the first call's result."""
        deadline = self._close_timeout if timeout is None else _seconds(timeout, "timeout", allow_zero=True)
        with self._close_lock:
            if self._closed_result is not None:
                return self._closed_result
            failed_before = self._failed
            self._buffer.close()
            self._thread.join(max(deadline, 0.001))
            if self._thread.is_alive():
                self._abort.set()
                self._abandon_request()
                self._thread.join(1.0)
                result = False
            else:
                result = self._buffer.all_settled() and self._failed == failed_before
            self._closed_result = result
            if self._close_at_exit:
                atexit.unregister(self._at_exit)
            return result

    def metrics(self) -> ClientMetrics:
        """The counters now."""
        with self._counter_lock:
            return ClientMetrics(
                self._sent, self._retried, self._dropped, self._rejected, self._failed, self._buffer.unsettled()
            )

    def __enter__(self) -> "SpendlineClient":
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def _at_exit(self) -> None:
        self.close()

    # ---------------------------------------------------------------------------- sender thread

    def _run(self) -> None:
        try:
            while True:
                work = self._buffer.take()
                if work is None:
                    break
                for item in work.dropped:
                    self._notify(self._listener.dropped, item)
                if work.batch:
                    try:
                        self._deliver(work.kind, work.batch)
                    finally:
                        self._buffer.settled()
        except _Closed:
            pass  # close()'s deadline passed: what is left is failed below
        except BaseException:  # noqa: B036 - the sender must never die silently
            _LOG.exception("Spendline client sender stopped unexpectedly")
        finally:
            # Whatever ended the loop, no item may wait for a sender that is gone: later sends are
            # dropped and counted, and what is left is failed.
            self._buffer.close()
            for item in self._buffer.drain_drop_notices():
                self._notify(self._listener.dropped, item)
            left = self._buffer.drain_all()
            if left:
                self._fail(left, "client closed before delivery")

    def _deliver(self, kind: str, items: List[Item]) -> None:
        # Written here, not on the caller's thread; split so a body stays under the server's limit.
        chunks: List[List[Item]] = []
        bodies: List[List[bytes]] = []
        wrapper = len(kind) + 6  # {"events":[ and ]}, less the comma the first item does not need
        size = MAX_BODY_BYTES
        for item in items:
            try:
                written = item.to_json().encode("utf-8")
            except Exception as e:  # noqa: BLE001 - one unwritable item must not sink the batch
                self._fail([item], f"could not be written as JSON: {e}")
                continue
            if size + len(written) + 1 > MAX_BODY_BYTES:
                chunks.append([])
                bodies.append([])
                size = wrapper
            chunks[-1].append(item)
            bodies[-1].append(written)
            size += len(written) + 1
        for i, chunk in enumerate(chunks):
            try:
                self._post(kind, chunk, bodies[i])
            except _Closed:
                for rest in chunks[i:]:
                    self._fail(rest, "client closed: its deadline passed before delivery")
                raise

    def _post(self, kind: str, items: List[Item], json_items: List[bytes]) -> None:
        """One batch until it is delivered, rejected or given up."""
        body = b'{"' + kind.encode("ascii") + b'":[' + b",".join(json_items) + b"]}"
        path = self._prefix + _PATHS[kind]
        attempt = 0
        while True:
            answer = self._attempt(path, body)
            if 200 <= answer.status < 300:
                self._count("_sent", len(items))
                self._notify(self._listener.delivered, list(items))
                return
            if self._abort.is_set():
                raise _Closed()
            if not answer.retryable():
                self._count("_rejected", len(items))
                self._notify(self._listener.rejected, list(items), answer.status, answer.body)
                return
            if attempt >= self._max_retries:
                attempts = "1 attempt" if attempt == 0 else f"{attempt + 1} attempts"
                self._fail(items, f"gave up after {attempts}: {answer.describe()}")
                return
            delay = full_jitter(attempt, self._backoff_base, self._backoff_max)
            if answer.retry_after > 0:
                if answer.retry_after > self._backoff_max:
                    self._fail(
                        items,
                        f"{answer.describe()} with Retry-After beyond the longest backoff ({self._backoff_max:g} s)",
                    )
                    return
                delay = max(delay, answer.retry_after)
            if self._abort.wait(delay):
                raise _Closed()
            self._count("_retried", len(items))
            attempt += 1

    def _attempt(self, path: str, body: bytes) -> _Answer:
        """One request on a fresh connection; never raises. The timeout bounds connecting and every
        wait for the answer by what is left of ``request_timeout``."""
        deadline = time.monotonic() + self._request_timeout
        conn: http.client.HTTPConnection
        if self._https:
            conn = http.client.HTTPSConnection(
                self._host, self._port, timeout=self._request_timeout, context=self._ssl
            )
        else:
            conn = http.client.HTTPConnection(self._host, self._port, timeout=self._request_timeout)
        try:
            conn.connect()
            sock = conn.sock
            with self._socket_lock:
                self._socket = sock
            if self._abort.is_set():
                return _Answer(0, "", 0.0, "client closed")
            sock.settimeout(_left(deadline))
            conn.request(
                "POST",
                path,
                body=body,
                headers={
                    "Content-Type": "application/json",
                    "Authorization": "Bearer " + self._api_key,
                    "User-Agent": self._user_agent,
                    "Connection": "close",
                },
            )
            sock.settimeout(_left(deadline))
            response = conn.getresponse()
            sock.settimeout(_left(deadline))  # the body is read from the same socket
            text = response.read().decode("utf-8", errors="replace")
            return _Answer(response.status, text, retry_after_seconds(response.getheader("Retry-After")), "")
        except (socket.timeout, TimeoutError):
            return _Answer(0, "", 0.0, f"no answer within {self._request_timeout:g} s")
        except (OSError, http.client.HTTPException, ValueError) as e:
            return _Answer(0, "", 0.0, f"{type(e).__name__}: {e}")
        finally:
            with self._socket_lock:
                self._socket = None
            conn.close()

    def _abandon_request(self) -> None:
        """Unblocks the sender from a request in flight (close's deadline passed)."""
        with self._socket_lock:
            sock = self._socket
        if sock is not None:
            try:
                sock.shutdown(socket.SHUT_RDWR)
            except OSError:
                pass  # already closed

    def _fail(self, items: List[Item], reason: str) -> None:
        self._count("_failed", len(items))
        _LOG.warning("Spendline client: %d item(s) not delivered: %s", len(items), reason)
        self._notify(self._listener.failed, list(items), reason)

    def _count(self, counter: str, n: int) -> None:
        with self._counter_lock:
            setattr(self, counter, getattr(self, counter) + n)

    @staticmethod
    def _notify(callback: Callable[..., None], *args: Any) -> None:
        try:
            callback(*args)
        except Exception:  # noqa: BLE001 - a listener must not break the sender or the caller
            _LOG.warning("Spendline client: a listener raised; ignored", exc_info=True)


def _left(deadline: float) -> float:
    """What is left until ``deadline``; raises ``socket.timeout`` when nothing is."""
    left = deadline - time.monotonic()
    if left <= 0:
        raise socket.timeout()
    return left
