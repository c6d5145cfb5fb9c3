"""Events and usage rows: the checks made before sending, and the JSON written."""

from __future__ import annotations

import datetime as dt
import json
import unittest
from decimal import Decimal
from typing import Any, Dict

from spendline import InternalUsageRow, ProductEvent


def event(**changes: Any) -> ProductEvent:
    fields: Dict[str, Any] = dict(
        provider="openai", model="gpt-4o-mini", prompt_tokens=1000, output_tokens=200, cost_usd="0.00027"
    )
    fields.update(changes)
    return ProductEvent(**fields)


def row(**changes: Any) -> InternalUsageRow:
    fields: Dict[str, Any] = dict(
        source_key="laptop-ann",
        source_kind="collector",
        tool="claude_code",
        employee_email="ann@example.com",
        input_tokens=52000,
        output_tokens=3100,
    )
    fields.update(changes)
    return InternalUsageRow(**fields)


class ProductEventTest(unittest.TestCase):
    def test_writes_every_field_under_its_wire_name(self) -> None:
        e = event(
            source="support-backend",
            external_id="req_01HZXK3P9",
            ts=dt.datetime(2026, 11, 22, 10, 59, 58, 250000, tzinfo=dt.timezone(dt.timedelta(hours=1))),
            total_tokens=1500,
            cache_read_tokens=800,
            cache_write_tokens=100,
            latency_ms=1830,
            status="success",
            feature="ticket-summary",
            tenant_id="acme-corp",
            user_id="u-1",
            agent_id="a-1",
            workflow_id="ticket-triage",
            run_id="run-9001",
            step_id="summarize",
            tool_name="search",
            retry_count=0,
            outcome="resolved",
            metadata={"region": "eu-west-1", "experiment": {"arm": "b"}, "weights": [1, 2.5, None, True]},
        )
        self.assertEqual(
            json.loads(e.to_json()),
            {
                "provider": "openai",
                "model": "gpt-4o-mini",
                "promptTokens": 1000,
                "outputTokens": 200,
                "costUsd": 0.00027,
                "source": "support-backend",
                "externalId": "req_01HZXK3P9",
                "ts": "2026-11-22T09:59:58.250000Z",
                "totalTokens": 1500,
                "cacheReadTokens": 800,
                "cacheWriteTokens": 100,
                "latencyMs": 1830,
                "status": "success",
                "feature": "ticket-summary",
                "tenantId": "acme-corp",
                "userId": "u-1",
                "agentId": "a-1",
                "workflowId": "ticket-triage",
                "runId": "run-9001",
                "stepId": "summarize",
                "toolName": "search",
                "retryCount": 0,
                "outcome": "resolved",
                "metadata": {"region": "eu-west-1", "experiment": {"arm": "b"}, "weights": [1, 2.5, None, True]},
            },
        )

    def test_leaves_absent_fields_out(self) -> None:
        self.assertEqual(
            event().to_json(),
            '{"provider":"openai","model":"gpt-4o-mini","promptTokens":1000,"outputTokens":200,"costUsd":0.00027}',
        )

    def test_writes_the_cost_exactly_in_plain_notation(self) -> None:
        for given, written in [
            (Decimal("1E-8"), "0.00000001"),
            ("0.000015", "0.000015"),
            (Decimal("0.30000000000000004"), "0.30000000000000004"),
            (0.1, "0.1"),
            (3, "3"),
            (Decimal("-0"), "0"),
            ("1.50", "1.50"),
        ]:
            with self.subTest(given=given):
                self.assertIn(f'"costUsd":{written}}}', event(cost_usd=given).to_json())

    def test_refuses_what_could_never_be_accepted(self) -> None:
        cases = [
            (dict(provider=None), ValueError, "^provider is required$"),
            (dict(model=None), ValueError, "^model is required$"),
            (dict(prompt_tokens=None), ValueError, "^prompt_tokens is required$"),
            (dict(output_tokens=None), ValueError, "^output_tokens is required$"),
            (dict(cost_usd=None), ValueError, "^cost_usd is required$"),
            (dict(source="web"), ValueError, "^external_id is required when source is given$"),
            (dict(external_id="req-1"), ValueError, "^source is required when external_id is given$"),
            (dict(cost_usd="-0.01"), ValueError, "^cost_usd must not be negative$"),
            (dict(cost_usd="abc"), ValueError, "^cost_usd is not a decimal number: 'abc'$"),
            (dict(cost_usd=float("nan")), ValueError, "^cost_usd is not a finite number$"),
            (dict(cost_usd=Decimal("Infinity")), ValueError, "^cost_usd is not a finite number$"),
            (dict(cost_usd=True), TypeError, "^cost_usd must be a Decimal"),
            (dict(prompt_tokens=-1), ValueError, "^prompt_tokens must not be negative$"),
            (dict(output_tokens=2.5), TypeError, "^output_tokens must be an int, not float$"),
            (dict(latency_ms=True), TypeError, "^latency_ms must be an int, not bool$"),
            (dict(tenant_id=42), TypeError, "^tenant_id must be a string, not int$"),
            (dict(ts="2026-11-22T10:00:00Z"), TypeError, "^ts must be a datetime, not str$"),
            (dict(ts=dt.datetime(2026, 11, 22, 10)), ValueError, "^ts must be timezone-aware"),
            (dict(metadata=[1]), TypeError, "^metadata must be a dict, not list$"),
            (dict(metadata={1: "a"}), ValueError, "^metadata has a key that is not a string: 1$"),
            (dict(metadata={"a": {"b": {1, 2}}}), ValueError, "^metadata/a/b is a set; metadata holds"),
            (dict(metadata={"a": [0, float("inf")]}), ValueError, "^metadata/a/1 is not a finite number$"),
        ]
        for changes, error, message in cases:
            with self.subTest(changes=changes):
                with self.assertRaisesRegex(error, message):
                    event(**changes)

    def test_is_immutable_and_copies_its_metadata(self) -> None:
        metadata = {"region": "eu", "tags": ["a"]}
        e = event(metadata=metadata)
        metadata["region"] = "us"
        metadata["tags"].append("b")  # type: ignore[attr-defined]
        self.assertEqual(json.loads(e.to_json())["metadata"], {"region": "eu", "tags": ["a"]})
        with self.assertRaises(AttributeError):
            e.cost_usd = Decimal(1)  # type: ignore[misc]
        with self.assertRaises(TypeError):
            e.metadata["region"] = "us"  # type: ignore[index]

    def test_replace_makes_a_checked_copy(self) -> None:
        e = event(metadata={"a": [1]})
        self.assertEqual(e.replace(tenant_id="acme").tenant_id, "acme")
        self.assertEqual(e.replace(tenant_id="acme").metadata, e.metadata)
        self.assertEqual(e.replace(), e)
        with self.assertRaisesRegex(ValueError, "external_id is required when source is given"):
            e.replace(source="web")

    def test_identity_is_the_source_and_external_id(self) -> None:
        self.assertEqual(event(source="web", external_id="req-1").identity, ("web", "req-1"))
        self.assertIsNone(event().identity)


class InternalUsageRowTest(unittest.TestCase):
    def test_writes_every_field_under_its_wire_name(self) -> None:
        r = row(
            source_name="Ann's laptop",
            category="coding_agent",
            employee_name="Ann",
            team_name="platform",
            provider="anthropic",
            model="claude-sonnet-4",
            cached_input_tokens=40000,
            cost_basis="reported",
            ts=dt.datetime(2026, 11, 21, 9, 0, tzinfo=dt.timezone(dt.timedelta(hours=2))),
            cost_usd="0.21",
            external_id="session-91-turn-4",
        )
        self.assertEqual(
            json.loads(r.to_json()),
            {
                "sourceKey": "laptop-ann",
                "sourceName": "Ann's laptop",
                "sourceKind": "collector",
                "tool": "claude_code",
                "category": "coding_agent",
                "employeeEmail": "ann@example.com",
                "employeeName": "Ann",
                "teamName": "platform",
                "provider": "anthropic",
                "model": "claude-sonnet-4",
                "inputTokens": 52000,
                "cachedInputTokens": 40000,
                "outputTokens": 3100,
                "costBasis": "reported",
                "ts": "2026-11-21T07:00:00Z",
                "costUsd": 0.21,
                "externalId": "session-91-turn-4",
            },
        )

    def test_refuses_what_could_never_be_accepted(self) -> None:
        cases = [
            (dict(source_key=None), ValueError, "^source_key is required$"),
            (dict(source_kind=None), ValueError, "^source_kind is required$"),
            (dict(tool=None), ValueError, "^tool is required$"),
            (dict(employee_email=None), ValueError, "^employee_email is required$"),
            (dict(input_tokens=None), ValueError, "^input_tokens is required$"),
            (dict(output_tokens=-3), ValueError, "^output_tokens must not be negative$"),
            (dict(cost_usd="-1"), ValueError, "^cost_usd must not be negative$"),
        ]
        for changes, error, message in cases:
            with self.subTest(changes=changes):
                with self.assertRaisesRegex(error, message):
                    row(**changes)

    def test_leaves_server_rules_to_the_server(self) -> None:
        # Not a decided kind, not a slug, no cost and no model: the server answers 400 with every problem.
        r = row(source_kind="laptop", tool="Claude Code")
        self.assertEqual(json.loads(r.to_json())["tool"], "Claude Code")


if __name__ == "__main__":
    unittest.main()
