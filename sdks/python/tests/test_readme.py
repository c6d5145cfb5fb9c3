"""The README's examples run as written, against the local fake Spendline and fake provider SDKs."""

from __future__ import annotations

import os
import re
import sys
import types
import unittest
from types import SimpleNamespace
from typing import Any, Dict, List
from unittest import mock

from spendline import SpendlineClient

from .fake_spendline import FakeSpendline
from .test_providers import CHAT_COMPLETION, MESSAGE, as_object

README = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "README.md")


def python_blocks() -> List[str]:
    with open(README, encoding="utf-8") as f:
        return re.findall(r"```python\n(.*?)```", f.read(), flags=re.S)


def fake_sdks() -> Dict[str, types.ModuleType]:
    """``openai`` and ``anthropic`` modules whose clients answer with recorded-shape responses."""
    openai = types.ModuleType("openai")
    completion = as_object(CHAT_COMPLETION)
    completion.choices[0].message.content = "an answer"
    openai.OpenAI = lambda: SimpleNamespace(  # type: ignore[attr-defined]
        chat=SimpleNamespace(completions=SimpleNamespace(create=lambda **kw: completion))
    )
    anthropic = types.ModuleType("anthropic")
    message = as_object(MESSAGE)
    message.content[0].text = "a summary"
    anthropic.Anthropic = lambda: SimpleNamespace(  # type: ignore[attr-defined]
        messages=SimpleNamespace(create=lambda **kw: message)
    )
    return {"openai": openai, "anthropic": anthropic}


class ReadmeTest(unittest.TestCase):
    def test_every_python_example_runs_and_sends_what_it_says(self) -> None:
        blocks = python_blocks()
        self.assertGreaterEqual(len(blocks), 6)
        with FakeSpendline() as server, mock.patch.dict(sys.modules, fake_sdks()), mock.patch.dict(
            os.environ, {"SPENDLINE_URL": server.url, "SPENDLINE_API_KEY": "spl_readme"}
        ):
            scope: Dict[str, Any] = {"url": server.url, "key": "spl_readme"}
            clients: List[SpendlineClient] = []
            for block in blocks:
                exec(compile(block, README, "exec"), scope)  # noqa: S102 - our own documentation
                if isinstance(scope.get("spendline"), SpendlineClient):
                    clients.append(scope["spendline"])
            self.assertEqual(scope["answer"]("acme", "What is Spendline?"), "an answer")
            self.assertEqual(scope["summarize"]("acme", "The printer is on fire"), "a summary")
            for client in set(clients):
                self.assertTrue(client.close(5))

        events = {e["externalId"]: e for e in server.items("events")}
        self.assertEqual(events["req-7f3a"]["costUsd"], 0.00027)
        self.assertEqual(events[CHAT_COMPLETION["id"]]["tenantId"], "acme")
        self.assertEqual(str(events[CHAT_COMPLETION["id"]]["costUsd"]), "0.0004032")
        self.assertEqual(events[MESSAGE["id"]]["promptTokens"], 1300)
        self.assertEqual(events[MESSAGE["id"]]["status"], "success")
        self.assertEqual([r["externalId"] for r in server.items("rows")], ["sess-42"])


if __name__ == "__main__":
    unittest.main()
