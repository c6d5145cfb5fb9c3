"""The client against a misbehaving local server: batching, retries, refusals, drops, deadlines."""

from __future__ import annotations

import datetime as dt
import json
import os
import subprocess
import sys
import threading
import time
import unittest
from unittest import mock
from decimal import Decimal
from typing import List, Sequence, Tuple

from spendline import ClientMetrics, DeliveryListener, InternalUsageRow, Item, ProductEvent, SpendlineClient
from spendline._client import full_jitter, retry_after_seconds

from .fake_spendline import FakeSpendline, answer, hang_up_mid_response, stall

SRC = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "src")


def event(i: int) -> ProductEvent:
    return ProductEvent(
        provider="openai",
        model="gpt-4o-mini",
        prompt_tokens=100,
        output_tokens=10,
        cost_usd=Decimal(i + 1).scaleb(-6),
        source="py-test",
        external_id=f"event-{i}",
    )


def row(i: int) -> InternalUsageRow:
    return InternalUsageRow(
        source_key="py-test",
        source_kind="api",
        tool="claude_code",
        employee_email="ada@example.com",
        input_tokens=10,
        output_tokens=1,
        cost_usd="0.01",
        external_id=f"row-{i}",
    )


class Outcomes(DeliveryListener):
    """Records every outcome, keyed by what happened."""

    def __init__(self) -> None:
        self.delivered_items: List[Item] = []
        self.rejections: List[Tuple[int, int, str]] = []
        self.failures: List[Tuple[int, str]] = []
        self.drops: List[Item] = []
        self.drop_threads: List[str] = []

    def delivered(self, items: Sequence[Item]) -> None:
        self.delivered_items.extend(items)

    def rejected(self, items: Sequence[Item], status: int, problem_json: str) -> None:
        self.rejections.append((len(items), status, problem_json))

    def failed(self, items: Sequence[Item], reason: str) -> None:
        self.failures.append((len(items), reason))

    def dropped(self, item: Item) -> None:
        self.drops.append(item)
        self.drop_threads.append(threading.current_thread().name)


class ClientTestCase(unittest.TestCase):
    def client(self, server: FakeSpendline, listener: DeliveryListener, **settings) -> SpendlineClient:  # type: ignore[no-untyped-def]
        """A client with short delays; closed (briefly) when the test ends, whatever happened."""
        options = dict(
            linger=0.01,
            request_timeout=5,
            backoff_base=0.01,
            backoff_max=2,
            close_at_exit=False,
            listener=listener,
        )
        options.update(settings)
        c = SpendlineClient(server.url, "spl_test_key", **options)
        self.addCleanup(c.close, 0.1)
        return c


class BatchingTest(ClientTestCase):
    def test_sends_full_batches_of_batch_size_oldest_first(self) -> None:
        with FakeSpendline() as server:
            out = Outcomes()
            c = self.client(server, out, batch_size=3, linger=30)
            for i in range(7):
                c.send(event(i))
            self.assertTrue(c.flush(5))
            self.assertEqual([len(r.body["events"]) for r in server.requests], [3, 3, 1])
            self.assertEqual([e["externalId"] for e in server.items()], [f"event-{i}" for i in range(7)])
            self.assertEqual(c.metrics(), ClientMetrics(7, 0, 0, 0, 0, 0))
            self.assertTrue(c.close(5))

    def test_a_lingering_batch_leaves_after_linger_without_flush(self) -> None:
        with FakeSpendline() as server:
            c = self.client(server, Outcomes(), linger=0.2)
            started = time.monotonic()
            c.send(event(0))
            c.send(event(1))
            while not server.requests and time.monotonic() - started < 5:
                time.sleep(0.01)
            waited = time.monotonic() - started
            self.assertEqual(len(server.requests), 1)
            self.assertEqual(len(server.requests[0].body["events"]), 2)
            self.assertGreaterEqual(waited, 0.19)
            c.close(5)

    def test_posts_each_kind_to_its_endpoint_with_the_key_and_json(self) -> None:
        with FakeSpendline() as server:
            c = self.client(server, Outcomes(), linger=30)
            c.send(event(0))
            c.send(row(0))
            c.send(event(1))
            self.assertTrue(c.close(5))
            paths = sorted((r.path, len(r.body.get("events", r.body.get("rows", [])))) for r in server.requests)
            self.assertEqual(paths, [("/api/v1/events", 2), ("/api/v1/internal-usage", 1)])
            for r in server.requests:
                self.assertEqual(r.headers["Authorization"], "Bearer spl_test_key")
                self.assertEqual(r.headers["Content-Type"], "application/json")
                self.assertEqual(len(r.body), 1)
            self.assertEqual(
                server.items("rows")[0],
                {
                    "sourceKey": "py-test",
                    "sourceKind": "api",
                    "tool": "claude_code",
                    "employeeEmail": "ada@example.com",
                    "inputTokens": 10,
                    "outputTokens": 1,
                    "costUsd": 0.01,
                    "externalId": "row-0",
                },
            )

    def test_a_batch_over_the_body_limit_is_split(self) -> None:
        with FakeSpendline() as server, mock.patch("spendline._client.MAX_BODY_BYTES", 600):
            c = self.client(server, Outcomes(), linger=30)
            for i in range(10):
                c.send(event(i))
            self.assertTrue(c.flush(5))
            self.assertGreater(len(server.requests), 1)
            self.assertEqual([e["externalId"] for e in server.items()], [f"event-{i}" for i in range(10)])
            for r in server.requests:
                self.assertLessEqual(int(r.headers["Content-Length"]), 600)

    def test_a_base_url_with_a_path_prefix_is_kept(self) -> None:
        with FakeSpendline() as server:
            c = SpendlineClient(server.url + "/spendline/", "spl_k", close_at_exit=False)
            c.send(event(0))
            self.assertTrue(c.close(5))
            self.assertEqual(server.requests[0].path, "/spendline/api/v1/events")


class RetryTest(ClientTestCase):
    def test_500_then_202_is_delivered_after_one_retry_with_the_same_body(self) -> None:
        with FakeSpendline(answer(500), answer(202)) as server:
            out = Outcomes()
            c = self.client(server, out)
            c.send(event(0))
            c.send(event(1))
            self.assertTrue(c.flush(5))
            self.assertEqual(len(server.requests), 2)
            self.assertEqual(server.requests[0].body, server.requests[1].body)
            self.assertEqual(c.metrics(), ClientMetrics(2, 2, 0, 0, 0, 0))
            self.assertEqual(len(out.delivered_items), 2)
            c.close(1)

    def test_a_stalled_request_times_out_and_is_retried(self) -> None:
        with FakeSpendline(stall(10), answer(202)) as server:
            out = Outcomes()
            c = self.client(server, out, request_timeout=0.3)
            started = time.monotonic()
            c.send(event(0))
            self.assertTrue(c.flush(5))
            self.assertGreaterEqual(time.monotonic() - started, 0.3)
            self.assertLess(time.monotonic() - started, 5)  # far from the 10 s stall
            self.assertEqual(len(server.requests), 2)
            self.assertEqual(c.metrics(), ClientMetrics(1, 1, 0, 0, 0, 0))
            c.close(1)

    def test_a_timeout_without_retries_left_fails_with_the_reason(self) -> None:
        with FakeSpendline(stall(10)) as server:
            out = Outcomes()
            c = self.client(server, out, request_timeout=0.2, max_retries=0)
            c.send(event(0))
            self.assertTrue(c.flush(5))
            self.assertEqual(out.failures, [(1, "gave up after 1 attempt: no answer within 0.2 s")])
            self.assertEqual(c.metrics(), ClientMetrics(0, 0, 0, 0, 1, 0))
            c.close(1)

    def test_429_waits_for_retry_after_seconds(self) -> None:
        with FakeSpendline(answer(429, headers={"Retry-After": "1"}), answer(202)) as server:
            c = self.client(server, Outcomes(), backoff_max=5)
            c.send(event(0))
            self.assertTrue(c.flush(10))
            self.assertEqual(len(server.requests), 2)
            self.assertGreaterEqual(server.requests[1].at - server.requests[0].at, 0.95)
            self.assertEqual(c.metrics().sent, 1)
            c.close(1)

    def test_408_and_503_are_retried_until_the_retries_run_out(self) -> None:
        with FakeSpendline(answer(408), answer(503)) as server:
            out = Outcomes()
            c = self.client(server, out, max_retries=2)
            c.send(event(0))
            self.assertTrue(c.flush(5))
            self.assertEqual(len(server.requests), 3)
            self.assertEqual(out.failures, [(1, "gave up after 3 attempts: HTTP 503")])
            self.assertEqual(c.metrics(), ClientMetrics(0, 2, 0, 0, 1, 0))
            c.close(1)

    def test_a_retry_after_beyond_the_longest_backoff_ends_the_retries(self) -> None:
        with FakeSpendline(answer(429, headers={"Retry-After": "86400"})) as server:
            out = Outcomes()
            c = self.client(server, out, backoff_max=2)
            c.send(event(0))
            self.assertTrue(c.flush(5))
            self.assertEqual(len(server.requests), 1)
            self.assertEqual(out.failures, [(1, "HTTP 429 with Retry-After beyond the longest backoff (2 s)")])
            c.close(1)

    def test_a_hang_up_mid_response_is_retried(self) -> None:
        with FakeSpendline(hang_up_mid_response(), answer(202)) as server:
            out = Outcomes()
            c = self.client(server, out)
            c.send(event(0))
            self.assertTrue(c.flush(5))
            self.assertEqual(len(server.requests), 2)
            self.assertEqual(c.metrics(), ClientMetrics(1, 1, 0, 0, 0, 0))
            c.close(1)

    def test_a_refused_connection_is_retried_then_failed(self) -> None:
        with FakeSpendline() as server:
            url = server.url
        out = Outcomes()
        c = SpendlineClient(url, "spl_k", max_retries=1, backoff_base=0.01, listener=out, close_at_exit=False)
        c.send(event(0))
        self.assertTrue(c.flush(5))
        self.assertEqual(len(out.failures), 1)
        self.assertTrue(out.failures[0][1].startswith("gave up after 2 attempts: ConnectionRefusedError"), out.failures)
        c.close(1)

    def test_full_jitter_stays_within_the_exponential_ceiling(self) -> None:
        for attempt, ceiling in [(0, 0.2), (1, 0.4), (4, 3.2), (10, 30.0), (100, 30.0)]:
            for _ in range(200):
                self.assertTrue(0 <= full_jitter(attempt, 0.2, 30.0) <= ceiling)

    def test_retry_after_reads_seconds_and_http_dates(self) -> None:
        now = dt.datetime(2026, 11, 22, 10, 0, 0, tzinfo=dt.timezone.utc).timestamp()
        self.assertEqual(retry_after_seconds("5", now), 5.0)
        self.assertEqual(retry_after_seconds("Sun, 22 Nov 2026 10:00:30 GMT", now), 30.0)
        self.assertEqual(retry_after_seconds("Sun, 22 Nov 2026 09:00:00 GMT", now), 0.0)
        self.assertEqual(retry_after_seconds("soon", now), 0.0)
        self.assertEqual(retry_after_seconds(None, now), 0.0)


class RefusalTest(ClientTestCase):
    PROBLEM = json.dumps(
        {
            "type": "https://spendline.dev/problems/validation_failed",
            "status": 400,
            "code": "validation_failed",
            "errors": [{"pointer": "/events/0/tenantId", "message": "must not be empty; omit the field instead"}],
        }
    )

    def test_400_is_rejected_with_the_problem_json_and_never_retried(self) -> None:
        with FakeSpendline(answer(400, body=self.PROBLEM)) as server:
            out = Outcomes()
            c = self.client(server, out)
            c.send(event(0))
            self.assertTrue(c.flush(5))
            time.sleep(0.1)
            self.assertEqual(len(server.requests), 1)
            self.assertEqual(out.rejections, [(1, 400, self.PROBLEM)])
            self.assertEqual(c.metrics(), ClientMetrics(0, 0, 0, 1, 0, 0))
            c.close(1)

    def test_401_403_413_and_415_are_rejected_without_retry(self) -> None:
        for status in (401, 403, 413, 415):
            with self.subTest(status=status), FakeSpendline(answer(status)) as server:
                out = Outcomes()
                c = self.client(server, out)
                c.send(event(0))
                self.assertTrue(c.flush(5))
                self.assertEqual(len(server.requests), 1)
                self.assertEqual([r[1] for r in out.rejections], [status])
                c.close(1)

    def test_a_listener_that_raises_does_not_stop_the_sender(self) -> None:
        class Raising(DeliveryListener):
            def delivered(self, items: Sequence[Item]) -> None:
                raise RuntimeError("listener bug")

        with FakeSpendline() as server:
            c = self.client(server, Raising(), batch_size=1)
            # Capture from before the first send: the sender thread may deliver both (and log) before
            # flush is called.
            with self.assertLogs("spendline", "WARNING") as logs:
                c.send(event(0))
                c.send(event(1))
                self.assertTrue(c.flush(5))
            self.assertIn("a listener raised", logs.output[0])
            self.assertEqual(c.metrics().sent, 2)
            c.close(1)


class BufferTest(ClientTestCase):
    def test_a_full_buffer_drops_the_oldest_and_counts_it(self) -> None:
        with FakeSpendline() as server:
            out = Outcomes()
            c = self.client(server, out, buffer_capacity=3, linger=30)
            for i in range(5):
                c.send(event(i))
            self.assertEqual(c.metrics().dropped, 2)
            self.assertTrue(c.flush(5))
            self.assertEqual([e.external_id for e in out.drops], ["event-0", "event-1"])  # type: ignore[union-attr]
            self.assertEqual([e["externalId"] for e in server.items()], ["event-2", "event-3", "event-4"])
            self.assertEqual(c.metrics(), ClientMetrics(3, 0, 2, 0, 0, 0))
            c.close(1)

    def test_send_never_waits_for_a_stalled_server(self) -> None:
        with FakeSpendline(stall(10)) as server:
            c = self.client(server, Outcomes(), buffer_capacity=100, batch_size=10, request_timeout=10)
            started = time.monotonic()
            for i in range(1000):
                c.send(event(i))
            self.assertLess(time.monotonic() - started, 5)  # the server stalls for 10 s
            metrics = c.metrics()
            # 100 wait in the buffer, at most one batch of 10 is in flight: the rest was dropped.
            self.assertGreaterEqual(metrics.dropped, 890)
            self.assertEqual(metrics.dropped + metrics.buffered, 1000)
            c.close(0.2)

    def test_send_after_close_drops_on_the_callers_thread_without_raising(self) -> None:
        with FakeSpendline() as server:
            out = Outcomes()
            c = self.client(server, out)
            self.assertTrue(c.close(5))
            c.send(event(0))
            self.assertEqual(c.metrics().dropped, 1)
            self.assertEqual(out.drop_threads, [threading.current_thread().name])

    def test_send_refuses_what_is_not_an_item(self) -> None:
        with FakeSpendline() as server:
            c = self.client(server, Outcomes())
            with self.assertRaisesRegex(TypeError, "send takes a ProductEvent or an InternalUsageRow, not dict"):
                c.send({"provider": "openai"})  # type: ignore[arg-type]
            c.close(1)


class DeadlineTest(ClientTestCase):
    def test_flush_returns_false_at_its_timeout_and_close_fails_what_is_in_flight(self) -> None:
        with FakeSpendline(stall(30)) as server:
            out = Outcomes()
            c = self.client(server, out, request_timeout=30)
            c.send(event(0))
            started = time.monotonic()
            self.assertFalse(c.flush(0.3))
            self.assertLess(time.monotonic() - started, 5)  # the server stalls for 30 s
            self.assertEqual(c.metrics().buffered, 1)

            started = time.monotonic()
            self.assertFalse(c.close(0.3))
            self.assertLess(time.monotonic() - started, 5)
            self.assertEqual(out.failures, [(1, "client closed: its deadline passed before delivery")])
            self.assertEqual(c.metrics(), ClientMetrics(0, 0, 0, 0, 1, 0))

    def test_close_cuts_a_backoff_short_and_fails_the_batch(self) -> None:
        with FakeSpendline(answer(503)) as server:
            out = Outcomes()
            c = self.client(server, out, backoff_base=20, backoff_max=20, max_retries=3)
            c.send(event(0))
            while not server.requests:
                time.sleep(0.01)
            started = time.monotonic()
            self.assertFalse(c.close(0.3))
            self.assertLess(time.monotonic() - started, 5)  # not the backoff of up to 20 s
            self.assertEqual(out.failures, [(1, "client closed: its deadline passed before delivery")])

    def test_close_fails_what_is_still_buffered_at_its_deadline(self) -> None:
        with FakeSpendline(stall(30)) as server:
            out = Outcomes()
            c = self.client(server, out, batch_size=1, request_timeout=30)
            for i in range(3):
                c.send(event(i))
            self.assertFalse(c.close(0.3))
            self.assertEqual(sum(n for n, _ in out.failures), 3)
            self.assertEqual(c.metrics().failed, 3)
            self.assertEqual(c.metrics().buffered, 0)

    def test_close_sends_lingering_items_at_once(self) -> None:
        with FakeSpendline() as server:
            out = Outcomes()
            c = self.client(server, out, linger=60)
            c.send(event(0))
            started = time.monotonic()
            self.assertTrue(c.close(5))
            self.assertLess(time.monotonic() - started, 5)  # not the 60 s linger
            self.assertEqual(len(out.delivered_items), 1)
            self.assertTrue(c.close(5))  # a second close answers the same

    def test_flush_waits_only_for_what_was_sent_before_it(self) -> None:
        with FakeSpendline() as server:
            c = self.client(server, Outcomes(), linger=60)
            c.send(event(0))
            self.assertTrue(c.flush(5))
            self.assertEqual(len(server.items()), 1)
            c.close(1)

    def test_close_at_exit_delivers_what_the_program_left_buffered(self) -> None:
        with FakeSpendline() as server:
            script = (
                "import spendline\n"
                f"c = spendline.SpendlineClient({server.url!r}, 'spl_k', linger=60)\n"
                "c.send(spendline.ProductEvent(provider='openai', model='gpt-4o', prompt_tokens=1,"
                " output_tokens=1, cost_usd='0.1', source='s', external_id='at-exit'))\n"
            )
            env = dict(os.environ, PYTHONPATH=SRC)
            subprocess.run([sys.executable, "-c", script], env=env, check=True, timeout=30)
            self.assertEqual([e["externalId"] for e in server.items()], ["at-exit"])


class SettingsTest(unittest.TestCase):
    def test_bad_settings_are_refused_with_their_name(self) -> None:
        cases = [
            (dict(base_url="ftp://x"), ValueError, "base_url must be an absolute http"),
            (dict(base_url="/relative"), ValueError, "base_url must be an absolute http"),
            (dict(api_key=" "), ValueError, "the API key is empty"),
            (dict(api_key="spl_abc\n"), ValueError, "the API key must not contain spaces or control characters"),
            (dict(batch_size=1001), ValueError, "batch_size must be 1 to 1000: 1001"),
            (dict(batch_size=0), ValueError, "batch_size must be 1 to 1000: 0"),
            (dict(buffer_capacity=0), ValueError, "buffer_capacity must be at least 1: 0"),
            (dict(max_retries=-1), ValueError, "max_retries must be at least 0: -1"),
            (dict(linger=-1), ValueError, "linger must be at least 0"),
            (dict(request_timeout=0), ValueError, "request_timeout must be positive"),
            (dict(backoff_base=1, backoff_max=0.5), ValueError, "backoff_max must be at least backoff_base"),
            (dict(request_timeout="5"), TypeError, "request_timeout must be a number of seconds"),
            (dict(listener=object()), TypeError, "listener must be a DeliveryListener"),
        ]
        for changes, error, message in cases:
            args = dict(base_url="http://127.0.0.1:9", api_key="spl_k", close_at_exit=False)
            args.update(changes)
            with self.subTest(changes=changes):
                with self.assertRaisesRegex(error, message):
                    SpendlineClient(args.pop("base_url"), args.pop("api_key"), **args)

    def test_durations_may_be_timedeltas(self) -> None:
        c = SpendlineClient(
            "http://127.0.0.1:9", "spl_k", linger=dt.timedelta(milliseconds=5), close_at_exit=False
        )
        self.assertTrue(c.close(1))


if __name__ == "__main__":
    unittest.main()
