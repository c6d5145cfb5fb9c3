"""Events from OpenAI and Anthropic answers, as dicts and as SDK-style objects."""

from __future__ import annotations

import datetime as dt
import json
import unittest
from decimal import Decimal
from types import SimpleNamespace
from typing import Any

from spendline import from_anthropic, from_openai

CREATED = dt.datetime(2026, 11, 20, 10, 0, tzinfo=dt.timezone.utc)

# Shaped like the APIs' answers (the fields the helpers read, and some they ignore).
CHAT_COMPLETION = {
    "id": "chatcmpl-B9MBs8CjcvOU2jLn4n570S5qMJKcT",
    "object": "chat.completion",
    "created": int(CREATED.timestamp()),
    "model": "gpt-4o-mini-2024-07-18",
    "choices": [{"index": 0, "message": {"role": "assistant", "content": "..."}, "finish_reason": "stop"}],
    "usage": {
        "prompt_tokens": 2000,
        "completion_tokens": 300,
        "total_tokens": 2300,
        "prompt_tokens_details": {"cached_tokens": 1024, "audio_tokens": 0},
        "completion_tokens_details": {"reasoning_tokens": 0, "audio_tokens": 0},
    },
}
RESPONSE = {
    "id": "resp_67ccd2bed1ec8190b14f964abc0542670bb6a6b452d3795b",
    "object": "response",
    "created_at": int(CREATED.timestamp()),
    "status": "completed",
    "model": "gpt-5-2025-08-07",
    "output": [],
    "usage": {
        "input_tokens": 5000,
        "input_tokens_details": {"cached_tokens": 4000},
        "output_tokens": 700,
        "output_tokens_details": {"reasoning_tokens": 500},
        "total_tokens": 5700,
    },
}
MESSAGE = {
    "id": "msg_01XFDUDYJgAACzvnptvVoYEL",
    "type": "message",
    "role": "assistant",
    "model": "claude-sonnet-4-5-20250929",
    "content": [{"type": "text", "text": "..."}],
    "stop_reason": "end_turn",
    "usage": {
        "input_tokens": 400,
        "cache_read_input_tokens": 800,
        "cache_creation_input_tokens": 100,
        "output_tokens": 300,
    },
}


def as_object(value: Any) -> Any:
    """The dict as the SDKs' objects present it: attributes, nested objects."""
    if isinstance(value, dict):
        return SimpleNamespace(**{k: as_object(v) for k, v in value.items()})
    if isinstance(value, list):
        return [as_object(v) for v in value]
    return value


class OpenAiTest(unittest.TestCase):
    def test_chat_completion_usage_becomes_tokens_and_price_book_cost(self) -> None:
        for shape in (CHAT_COMPLETION, as_object(CHAT_COMPLETION)):
            e = from_openai(shape, source="web-backend", tenant_id="acme", feature="search")
            # gpt-4o-mini (0.15 / 0.075 / 0.60): 976 x 0.15 + 1024 x 0.075 + 300 x 0.60 = 403.2 per million
            self.assertEqual(e.cost_usd, Decimal("0.0004032"))
            self.assertEqual(
                json.loads(e.to_json()),
                {
                    "provider": "openai",
                    "model": "gpt-4o-mini-2024-07-18",
                    "promptTokens": 2000,
                    "outputTokens": 300,
                    "costUsd": 0.0004032,
                    "source": "web-backend",
                    "externalId": "chatcmpl-B9MBs8CjcvOU2jLn4n570S5qMJKcT",
                    "ts": "2026-11-20T10:00:00Z",
                    "totalTokens": 2300,
                    "cacheReadTokens": 1024,
                    "feature": "search",
                    "tenantId": "acme",
                },
            )

    def test_responses_api_usage_becomes_tokens_and_price_book_cost(self) -> None:
        for shape in (RESPONSE, as_object(RESPONSE)):
            e = from_openai(shape)
            # gpt-5 (1.25 / 0.125 / 10.00): 1000 x 1.25 + 4000 x 0.125 + 700 x 10 = 8,750 per million
            self.assertEqual(e.cost_usd, Decimal("0.00875"))
            self.assertEqual((e.prompt_tokens, e.cache_read_tokens, e.output_tokens), (5000, 4000, 700))
            self.assertEqual(e.ts, CREATED)
            self.assertIsNone(e.identity)

    def test_usage_without_details_has_no_cached_tokens(self) -> None:
        chat = as_object(CHAT_COMPLETION)
        chat.usage.prompt_tokens_details = None  # the SDK's value when the API sent none
        e = from_openai(chat)
        self.assertEqual(e.cache_read_tokens, 0)
        self.assertEqual(e.cost_usd, Decimal("0.00048"))  # 2000 x 0.15 + 300 x 0.60 = 480 per million

    def test_an_unpriced_model_costs_zero_and_says_so(self) -> None:
        chat = dict(CHAT_COMPLETION, model="ft:gpt-9-ours")
        e = from_openai(chat, metadata={"region": "eu"})
        self.assertEqual(e.cost_usd, Decimal(0))
        self.assertEqual(e.prompt_tokens, 2000)
        self.assertEqual(dict(e.metadata or {}), {"region": "eu", "spendline.cost": "unpriced"})
        self.assertIn('"costUsd":0,', e.to_json())

    def test_a_call_before_the_models_first_price_is_unpriced(self) -> None:
        e = from_openai(CHAT_COMPLETION, ts=dt.datetime(2024, 7, 17, tzinfo=dt.timezone.utc))
        self.assertEqual(e.cost_usd, Decimal(0))
        self.assertEqual(dict(e.metadata or {}), {"spendline.cost": "unpriced"})

    def test_refuses_an_answer_it_cannot_read(self) -> None:
        cases = [
            (dict(CHAT_COMPLETION, usage=None), {}, "the OpenAI response has no usage"),
            (dict(CHAT_COMPLETION, usage={"foo": 1}), {}, "neither prompt_tokens/completion_tokens nor"),
            (dict(CHAT_COMPLETION, model=None), {}, "the openai response has no model"),
            (dict(CHAT_COMPLETION, id=None), {"source": "web"}, "the response has no id: pass external_id"),
            (
                dict(CHAT_COMPLETION, usage={"prompt_tokens": 1.5, "completion_tokens": 1}),
                {},
                r"usage.prompt_tokens must be a whole number of tokens, not 1.5",
            ),
            (
                dict(CHAT_COMPLETION, usage={"prompt_tokens": 1, "completion_tokens": 1,
                                             "prompt_tokens_details": {"cached_tokens": 2}}),
                {},
                r"more cached tokens \(2\) than input tokens \(1\)",
            ),
        ]
        for response, options, message in cases:
            with self.subTest(message=message):
                with self.assertRaisesRegex(ValueError, message):
                    from_openai(response, **options)

    def test_an_explicit_external_id_and_fields_win(self) -> None:
        e = from_openai(
            CHAT_COMPLETION, source="web", external_id="req-7f3a", latency_ms=830, status="success", provider="azure-openai"
        )
        self.assertEqual(e.identity, ("web", "req-7f3a"))
        self.assertEqual((e.latency_ms, e.status, e.provider), (830, "success", "azure-openai"))
        self.assertEqual(e.cost_usd, Decimal(0))  # the book prices openai, not azure-openai


class AnthropicTest(unittest.TestCase):
    def test_message_usage_becomes_all_input_with_cache_reads_and_writes(self) -> None:
        for shape in (MESSAGE, as_object(MESSAGE)):
            e = from_anthropic(shape, source="support-backend", ts=CREATED, tenant_id="acme")
            # claude-sonnet-4-5 (3.00 / 0.30 / 15.00), cache writes priced as input (docs/pricing.md):
            # (400 + 100) x 3.00 + 800 x 0.30 + 300 x 15.00 = 6,240 per million
            self.assertEqual(e.cost_usd, Decimal("0.00624"))
            self.assertEqual(
                (e.prompt_tokens, e.cache_read_tokens, e.cache_write_tokens, e.output_tokens), (1300, 800, 100, 300)
            )
            self.assertEqual(e.identity, ("support-backend", "msg_01XFDUDYJgAACzvnptvVoYEL"))
            self.assertEqual(e.model, "claude-sonnet-4-5-20250929")
            self.assertEqual(e.provider, "anthropic")

    def test_usage_without_cache_fields_counts_no_cache(self) -> None:
        message = dict(MESSAGE, usage={"input_tokens": 1000, "output_tokens": 200,
                                       "cache_read_input_tokens": None})
        e = from_anthropic(message, ts=CREATED)
        self.assertEqual((e.prompt_tokens, e.cache_read_tokens, e.cache_write_tokens), (1000, 0, 0))
        self.assertEqual(e.cost_usd, Decimal("0.006"))  # 1000 x 3 + 200 x 15 = 6,000 per million

    def test_the_time_defaults_to_now(self) -> None:
        before = dt.datetime.now(dt.timezone.utc)
        e = from_anthropic(MESSAGE)
        self.assertIsNotNone(e.ts)
        self.assertGreaterEqual(e.ts, before)  # type: ignore[operator]

    def test_a_message_without_usage_is_refused(self) -> None:
        with self.assertRaisesRegex(ValueError, "the Anthropic message has no usage"):
            from_anthropic(dict(MESSAGE, usage=None))


if __name__ == "__main__":
    unittest.main()
