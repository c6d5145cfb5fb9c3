"""The price book: the server's own file and the server's costing rule (docs/pricing.md)."""

from __future__ import annotations

import datetime as dt
import os
import tempfile
import unittest
from decimal import Decimal
from importlib import resources

from spendline import ModelPrice, PriceBook
from spendline.pricing import parse

REPOSITORY = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", "..", ".."))
SERVER_BOOK = os.path.join(
    REPOSITORY, "streams-app", "src", "main", "resources", "dev", "spendline", "streams", "pricing", "price-book.csv"
)
DAY = dt.date(2026, 11, 20)


class BundledBookTest(unittest.TestCase):
    def test_is_the_servers_book_byte_for_byte(self) -> None:
        if not os.path.exists(SERVER_BOOK):
            self.skipTest("not in the Spendline repository")
        with open(SERVER_BOOK, "rb") as f:
            server = f.read()
        shipped = resources.files("spendline").joinpath("price-book.csv").read_bytes()
        self.assertEqual(
            shipped,
            server,
            "sdks/python/src/spendline/price-book.csv differs from the server's book: copy it again",
        )

    def test_prices_the_example_of_docs_pricing_md(self) -> None:
        # 1,000 input tokens of which 100 cached, 200 output, claude-sonnet-4 (3.00 / 0.30 / 15.00):
        # 900 x 3.00 + 100 x 0.30 + 200 x 15.00 = 5,730 per million = 0.00573 USD.
        cost = PriceBook.bundled().cost_usd("anthropic", "claude-sonnet-4", DAY, 1000, 100, 200)
        self.assertEqual(cost, Decimal("0.00573"))
        self.assertEqual(str(cost), "0.00573")

    def test_uses_the_price_in_force_on_the_calls_utc_day(self) -> None:
        book = PriceBook.bundled()
        # o3: 10.00 input from 2025-04-16, 2.00 from 2025-06-10.
        self.assertIsNone(book.cost_usd("openai", "o3", dt.date(2025, 4, 15), 1_000_000, 0, 0))
        self.assertEqual(book.cost_usd("openai", "o3", dt.date(2025, 4, 16), 1_000_000, 0, 0), Decimal(10))
        self.assertEqual(book.cost_usd("openai", "o3", dt.date(2025, 6, 9), 1_000_000, 0, 0), Decimal(10))
        self.assertEqual(book.cost_usd("openai", "o3", dt.date(2025, 6, 10), 1_000_000, 0, 0), Decimal(2))
        # 23:30 on 9 June in New York is 03:30 on 10 June in UTC: the new price.
        new_york = dt.timezone(dt.timedelta(hours=-4))
        at = dt.datetime(2025, 6, 9, 23, 30, tzinfo=new_york)
        self.assertEqual(book.cost_usd("openai", "o3", at, 1_000_000, 0, 0), Decimal(2))

    def test_matches_any_case_and_snapshot_ids(self) -> None:
        book = PriceBook.bundled()
        expected = Decimal("0.00573")
        for model in ["claude-sonnet-4", "Claude-Sonnet-4", "claude-sonnet-4-20250514"]:
            self.assertEqual(book.cost_usd("Anthropic", model, DAY, 1000, 100, 200), expected, model)
        self.assertEqual(
            book.price_at("openai", "gpt-4o-2024-08-06", DAY), book.price_at("openai", "gpt-4o", DAY)
        )
        self.assertIsNone(book.price_at("openai", "gpt-4o-turbo", DAY))
        self.assertIsNone(book.price_at("acme", "in-house-7b", DAY))

    def test_refuses_a_naive_datetime(self) -> None:
        with self.assertRaisesRegex(ValueError, "timezone-aware"):
            PriceBook.bundled().cost_usd("openai", "gpt-4o", dt.datetime(2026, 1, 1), 1, 0, 1)


class CostingRuleTest(unittest.TestCase):
    def test_rounds_once_to_the_nano_dollar_half_even(self) -> None:
        book = PriceBook([ModelPrice("acme", "tiny", dt.date(2020, 1, 1), Decimal("0.0005"), Decimal(0), Decimal(0))])
        # 0.0000000005 -> 0 (half to even), 0.0000000015 -> 0.000000002, 0.0000000025 -> 0.000000002
        self.assertEqual(book.cost_usd("acme", "tiny", DAY, 1, 0, 0), Decimal(0))
        self.assertEqual(book.cost_usd("acme", "tiny", DAY, 3, 0, 0), Decimal("0.000000002"))
        self.assertEqual(book.cost_usd("acme", "tiny", DAY, 5, 0, 0), Decimal("0.000000002"))
        self.assertEqual(book.cost_usd("acme", "tiny", DAY, 7, 0, 0), Decimal("0.000000004"))

    def test_is_exact_for_large_counts(self) -> None:
        book = PriceBook.bundled()
        cost = book.cost_usd("openai", "gpt-4o-mini", DAY, 1_000_000_000, 333_333_333, 1_000_000_000)
        # 666,666,667 x 0.15 + 333,333,333 x 0.075 + 1,000,000,000 x 0.60, per million
        self.assertEqual(cost, Decimal("725.000000025"))

    def test_a_later_line_with_the_same_date_replaces_the_earlier(self) -> None:
        with tempfile.NamedTemporaryFile("w", suffix=".csv", delete=False) as f:
            f.write("# ours\nanthropic,claude-sonnet-4,2025-05-22,2.40,0.24,12.00\nacme,in-house-7b,2026-01-01,0.05,0,0.05\n")
        self.addCleanup(os.unlink, f.name)
        book = PriceBook.with_overrides(f.name)
        self.assertEqual(book.cost_usd("anthropic", "claude-sonnet-4", DAY, 1_000_000, 0, 0), Decimal("2.4"))
        self.assertEqual(book.cost_usd("acme", "in-house-7b", DAY, 1_000_000, 0, 1_000_000), Decimal("0.1"))
        self.assertEqual(len(book), len(PriceBook.bundled()) + 1)

    def test_a_malformed_line_is_named_by_its_number(self) -> None:
        cases = [
            ("a,b,2025-01-01,1,1", "line 2: expected 6 columns"),
            (",b,2025-01-01,1,1,1", "line 2: provider is empty"),
            ("a,,2025-01-01,1,1,1", "line 2: model is empty"),
            ("a,b,1 May,1,1,1", "line 2: effective_from must be a date like 2025-04-14"),
            ("a,b,2025-01-01,x,1,1", "line 2: 'x' is not a price"),
            ("a,b,2025-01-01,1,-1,1", "line 2: prices must be between 0 and 10000"),
            ("a,b,2025-01-01,1,1,10001", "line 2: prices must be between 0 and 10000"),
        ]
        for line, message in cases:
            with self.subTest(line=line):
                with self.assertRaisesRegex(ValueError, "^Price book prices.csv, " + message):
                    parse("# header\n" + line + "\n", "prices.csv")


if __name__ == "__main__":
    unittest.main()
