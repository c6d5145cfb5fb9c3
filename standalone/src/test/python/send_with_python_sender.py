"""Sends known events and usage rows to a real Spendline with the Python sender (PythonSenderIT).

Environment: SPENDLINE_URL, SPENDLINE_API_KEY. Prints one JSON object with what each client saw;
exits 1 when a client could not settle everything in time.

1. A first client sends EVENTS events (event i costs i+1 micro-dollars), one event built from an
   OpenAI chat completion and one from an Anthropic message, ROWS usage rows (row i costs i+1
   cents), then, in a batch of its own, a usage row the server must refuse.
2. A second client, as after a restart that resends what it was unsure of, sends the first RESENT
   events, the OpenAI event and the first RESENT rows again, with the same identities: Spendline
   must count none of them twice.
"""

import datetime as dt
import json
import os
import sys
from decimal import Decimal

import spendline
from spendline import DeliveryListener, InternalUsageRow, ProductEvent, SpendlineClient

EVENTS = 60
ROWS = 25
RESENT = 20
TS = dt.datetime(2026, 11, 20, 10, 0, tzinfo=dt.timezone.utc)

CHAT_COMPLETION = {
    "id": "chatcmpl-python-it-1",
    "object": "chat.completion",
    "created": int(TS.timestamp()),
    "model": "gpt-4o-mini-2024-07-18",
    "usage": {
        "prompt_tokens": 2000,
        "completion_tokens": 300,
        "total_tokens": 2300,
        "prompt_tokens_details": {"cached_tokens": 1024},
    },
}
MESSAGE = {
    "id": "msg_python_it_1",
    "type": "message",
    "model": "claude-sonnet-4-5-20250929",
    "usage": {
        "input_tokens": 400,
        "cache_read_input_tokens": 800,
        "cache_creation_input_tokens": 100,
        "output_tokens": 300,
    },
}


class Outcomes(DeliveryListener):
    def __init__(self):
        self.delivered_count = 0
        self.rejections = []
        self.failures = []
        self.drops = 0

    def delivered(self, items):
        self.delivered_count += len(items)

    def rejected(self, items, status, problem_json):
        self.rejections.append({"items": len(items), "status": status, "problem": json.loads(problem_json)})

    def failed(self, items, reason):
        self.failures.append({"items": len(items), "reason": reason})

    def dropped(self, item):
        self.drops += 1


def event(i):
    return ProductEvent(
        provider="openai",
        model="gpt-4o-mini",
        prompt_tokens=100,
        output_tokens=10,
        cost_usd=Decimal(i + 1).scaleb(-6),
        source="python-it",
        external_id=f"event-{i}",
        ts=TS,
        feature="search" if i % 2 == 0 else "summary",
        tenant_id="acme",
    )


def row(i):
    return InternalUsageRow(
        source_key="python-it",
        source_kind=spendline.KIND_API,
        tool="claude_code",
        category=spendline.CATEGORY_CODING_AGENT,
        employee_email="ada@example.com" if i % 2 == 0 else "grace@example.com",
        provider="anthropic",
        model="claude-sonnet-4-5",
        input_tokens=1000,
        cached_input_tokens=200,
        output_tokens=50,
        cost_basis=spendline.REPORTED,
        cost_usd=Decimal(i + 1).scaleb(-2),
        ts=TS,
        external_id=f"row-{i}",
    )


def openai_event():
    return spendline.from_openai(CHAT_COMPLETION, source="python-it", feature="search", tenant_id="acme")


def unpriced_event():
    """A fine-tuned model the price book has no price for: cost 0, marked unpriced, tokens counted."""
    chat = dict(CHAT_COMPLETION, id="chatcmpl-python-it-unpriced", model="ft:gpt-4o-mini:acme::it1")
    return spendline.from_openai(chat, source="python-it", feature="search", tenant_id="acme")


def anthropic_event():
    return spendline.from_anthropic(MESSAGE, source="python-it", ts=TS, feature="summary", tenant_id="acme")


def new_client(outcomes):
    return SpendlineClient(
        os.environ["SPENDLINE_URL"],
        os.environ["SPENDLINE_API_KEY"],
        batch_size=25,
        linger=0.02,
        request_timeout=30,
        listener=outcomes,
    )


def report(client, outcomes, settled):
    return {
        "settled": settled,
        "metrics": client.metrics()._asdict(),
        "delivered": outcomes.delivered_count,
        "rejected": outcomes.rejections,
        "failed": outcomes.failures,
        "dropped": outcomes.drops,
    }


def main():
    first = Outcomes()
    client = new_client(first)
    for i in range(EVENTS):
        client.send(event(i))
    client.send(openai_event())
    client.send(anthropic_event())
    client.send(unpriced_event())
    for i in range(ROWS):
        client.send(row(i))
    settled = client.flush(60)
    # Alone in its batch (batches are atomic): not a decided kind, not a slug.
    client.send(row(ROWS).replace(source_kind="laptop", tool="Claude Code", external_id="bad-1"))
    first_report = report(client, first, client.close(60) and settled)

    again = Outcomes()
    resender = new_client(again)
    for i in range(RESENT):
        resender.send(event(i))
        resender.send(row(i))
    resender.send(openai_event())
    second_report = report(resender, again, resender.close(60))

    print(json.dumps({"first": first_report, "resend": second_report}))
    return 0 if first_report["settled"] and second_report["settled"] else 1


if __name__ == "__main__":
    sys.exit(main())
