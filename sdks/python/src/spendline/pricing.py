"""The model price book the Spendline server uses (docs/pricing.md), shipped with the package.

``price-book.csv`` in this package is a byte-for-byte copy of the server's bundled book
(``streams-app/.../pricing/price-book.csv``), read and applied by the same rules as the server's
``PriceBook``:

- a line applies from its effective date (UTC) until the next line of the same provider and model;
- provider and model match in any case;
- a model id ending in a snapshot date (``claude-sonnet-4-5-20250929``, ``gpt-4o-2024-08-06``) is
  priced as the id without the date unless the book has a line for the snapshot itself;
- cost = (input - cached input) x input price + cached input x cached price + output x output price,
  per million tokens, exact, rounded once to the nano-dollar (9 decimals) half-even;
- cache writes are not priced separately: they count as input.
"""

from __future__ import annotations

import bisect
import datetime as _dt
import re
from decimal import ROUND_HALF_EVEN, Context, Decimal, InvalidOperation, localcontext
from importlib import resources
from pathlib import Path
from typing import Dict, Iterable, List, NamedTuple, Optional, Tuple, Union

_BUNDLED = "price-book.csv"
_MILLION = Decimal(1_000_000)
_NANO = Decimal("0.000000001")
#: The highest price a line may give, in USD per million tokens: a higher one is a typo.
MAX_PRICE = Decimal(10_000)
#: A snapshot date at the end of a model id: ``-20250929`` or ``-2024-08-06``.
_DATE_SUFFIX = re.compile(r"-(\d{8}|\d{4}-\d{2}-\d{2})$")
#: Wide enough that no product of a price and a token count is ever rounded.
_EXACT = Context(prec=60)


class ModelPrice(NamedTuple):
    """The list price of one model from one date on, in US dollars per million tokens."""

    provider: str
    model: str
    effective_from: _dt.date
    input_per_million_usd: Decimal
    cached_input_per_million_usd: Decimal
    output_per_million_usd: Decimal


When = Union[_dt.datetime, _dt.date]


def _key(provider: str, model: str) -> str:
    return provider.lower() + "/" + model.lower()


def _utc_day(at: When) -> _dt.date:
    if isinstance(at, _dt.datetime):
        if at.tzinfo is None or at.utcoffset() is None:
            raise ValueError("the call's time must be timezone-aware (e.g. datetime.now(timezone.utc))")
        return at.astimezone(_dt.timezone.utc).date()
    if isinstance(at, _dt.date):
        return at
    raise TypeError(f"the call's time must be a datetime or a date, not {type(at).__name__}")


class PriceBook:
    """Prices by provider and model, each valid from an effective date. Immutable, thread-safe."""

    def __init__(self, prices: Iterable[ModelPrice]) -> None:
        versions: Dict[str, Dict[_dt.date, ModelPrice]] = {}
        for price in prices:  # a later line with the same provider, model and date replaces it
            versions.setdefault(_key(price.provider, price.model), {})[price.effective_from] = price
        self._prices: Dict[str, Tuple[List[_dt.date], List[ModelPrice]]] = {}
        for key, by_date in versions.items():
            dates = sorted(by_date)
            self._prices[key] = (dates, [by_date[d] for d in dates])

    @classmethod
    def bundled(cls) -> "PriceBook":
        """The book shipped with this package (the server's bundled book)."""
        return _bundled()

    @classmethod
    def with_overrides(cls, path: Union[str, Path]) -> "PriceBook":
        """The bundled book with the lines of a file in the same format laid on top (as the server's
        ``spendline.pricing.price-book-file``): same provider, model and date replace, others add."""
        text = Path(path).read_text(encoding="utf-8")
        return cls(list(_bundled_prices()) + parse(text, str(path)))

    def __len__(self) -> int:
        return sum(len(dates) for dates, _ in self._prices.values())

    def price_at(self, provider: str, model: str, at: When) -> Optional[ModelPrice]:
        """The price in force for the model on the UTC day of ``at``, or None."""
        versions = self._prices.get(_key(provider, model))
        if versions is None:
            snapshot = _DATE_SUFFIX.search(model)
            if snapshot is not None:
                versions = self._prices.get(_key(provider, model[: snapshot.start()]))
        if versions is None:
            return None
        dates, prices = versions
        i = bisect.bisect_right(dates, _utc_day(at))
        return prices[i - 1] if i > 0 else None

    def cost_usd(
        self,
        provider: str,
        model: str,
        at: When,
        input_tokens: int,
        cached_input_tokens: int,
        output_tokens: int,
    ) -> Optional[Decimal]:
        """The cost of a call in USD, rounded half-even to the nano-dollar as the server rounds it;
        None when the model has no price on that day.

        ``input_tokens`` counts all input, cached included (cache writes count as input);
        ``cached_input_tokens`` the part read from the provider's cache.
        """
        price = self.price_at(provider, model, at)
        if price is None:
            return None
        uncached = max(0, input_tokens - cached_input_tokens)
        with localcontext(_EXACT):
            usd = (
                price.input_per_million_usd * uncached
                + price.cached_input_per_million_usd * cached_input_tokens
                + price.output_per_million_usd * output_tokens
            ) / _MILLION
            rounded = usd.quantize(_NANO, rounding=ROUND_HALF_EVEN)
        return rounded.normalize() if rounded else Decimal(0)


def parse(text: str, source: str = "price book") -> List[ModelPrice]:
    """The lines of a price file; ``ValueError`` naming the line of the first malformed one."""
    prices = []
    for number, line in enumerate(text.splitlines(), start=1):
        stripped = line.strip()
        if not stripped or stripped.startswith("#"):
            continue
        fields = stripped.split(",")
        if len(fields) != 6:
            raise _invalid(
                source, number, "expected 6 columns (provider,model,effective_from,input,cached_input,output)"
            )
        provider, model = fields[0].strip(), fields[1].strip()
        if not provider:
            raise _invalid(source, number, "provider is empty")
        if not model:
            raise _invalid(source, number, "model is empty")
        try:
            effective = _dt.date.fromisoformat(fields[2].strip())
        except ValueError:
            raise _invalid(source, number, "effective_from must be a date like 2025-04-14") from None
        prices.append(
            ModelPrice(
                provider,
                model,
                effective,
                _price(fields[3], source, number),
                _price(fields[4], source, number),
                _price(fields[5], source, number),
            )
        )
    return prices


def _price(value: str, source: str, line: int) -> Decimal:
    try:
        price = Decimal(value.strip())
    except InvalidOperation:
        raise _invalid(source, line, f"'{value.strip()}' is not a price") from None
    if not price.is_finite() or price < 0 or price > MAX_PRICE:
        raise _invalid(source, line, "prices must be between 0 and 10000 USD per million tokens")
    return price


def _invalid(source: str, line: int, problem: str) -> ValueError:
    return ValueError(f"Price book {source}, line {line}: {problem}")


_BUNDLED_BOOK: Optional[PriceBook] = None
_BUNDLED_PRICES: Optional[List[ModelPrice]] = None


def _bundled_prices() -> List[ModelPrice]:
    global _BUNDLED_PRICES
    if _BUNDLED_PRICES is None:
        text = resources.files(__package__).joinpath(_BUNDLED).read_text(encoding="utf-8")
        _BUNDLED_PRICES = parse(text, _BUNDLED)
    return _BUNDLED_PRICES


def _bundled() -> PriceBook:
    global _BUNDLED_BOOK
    if _BUNDLED_BOOK is None:  # a race only builds the same immutable book twice
        _BUNDLED_BOOK = PriceBook(_bundled_prices())
    return _BUNDLED_BOOK
