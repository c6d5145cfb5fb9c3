"""Product events from OpenAI and Anthropic responses: usage becomes tokens, the price book the cost.

The responses may be the official SDKs' objects (attribute access) or plain dicts (``response.json()``,
``model_dump()``, a recorded payload). The provider is never called here: the helpers only read the
answer the application already has.

Cost comes from the price book the Spendline server uses (:class:`spendline.pricing.PriceBook`),
priced on the UTC day of the call. A model the book has no price for gets ``cost_usd`` 0 — the
spec's "0 when the cost is unknown; token counts are still sent" — and the event's metadata
says so: ``{"spendline.cost": "unpriced"}``.
"""

from __future__ import annotations

import datetime as _dt
from decimal import Decimal
from typing import Any, Dict, Mapping, Optional

from ._items import ProductEvent
from .pricing import PriceBook

#: The metadata entry that marks an event whose model had no price: its ``cost_usd`` 0 means unknown.
UNPRICED_KEY = "spendline.cost"
UNPRICED = "unpriced"


def _get(obj: Any, name: str) -> Any:
    """A field of a dict or an attribute of an SDK object; None when absent."""
    if obj is None:
        return None
    if isinstance(obj, Mapping):
        return obj.get(name)
    return getattr(obj, name, None)


def _tokens(obj: Any, name: str, where: str) -> int:
    value = _get(obj, name)
    if value is None:
        return 0
    if isinstance(value, bool) or not isinstance(value, int):
        raise ValueError(f"{where}.{name} must be a whole number of tokens, not {value!r}")
    if value < 0:
        raise ValueError(f"{where}.{name} must not be negative: {value}")
    return value


def _when(explicit: Optional[_dt.datetime], created: Any) -> _dt.datetime:
    """The call's time: given, else the response's ``created`` (Unix seconds), else now."""
    if explicit is not None:
        return explicit
    if isinstance(created, (int, float)) and not isinstance(created, bool) and created > 0:
        return _dt.datetime.fromtimestamp(created, tz=_dt.timezone.utc)
    return _dt.datetime.now(_dt.timezone.utc)


def _event(
    *,
    provider: str,
    response: Any,
    model: Any,
    prompt_tokens: int,
    output_tokens: int,
    cache_read: int,
    cache_write: Optional[int],
    total_tokens: Optional[int],
    at: _dt.datetime,
    source: Optional[str],
    external_id: Optional[str],
    price_book: Optional[PriceBook],
    fields: Dict[str, Any],
) -> ProductEvent:
    if not isinstance(model, str) or not model:
        raise ValueError(f"the {provider} response has no model")
    if source is not None and external_id is None:
        external_id = _get(response, "id")
        if not isinstance(external_id, str) or not external_id:
            raise ValueError("the response has no id: pass external_id (a stable id of this call)")
    book = price_book if price_book is not None else PriceBook.bundled()
    cost = book.cost_usd(provider, model, at, prompt_tokens, cache_read, output_tokens)
    metadata = dict(fields.pop("metadata", None) or {})
    if cost is None:
        metadata[UNPRICED_KEY] = UNPRICED
    if total_tokens is not None and total_tokens < prompt_tokens + output_tokens:
        total_tokens = None  # the server refuses a total below the parts; it is optional
    return ProductEvent(
        provider=provider,
        model=model,
        prompt_tokens=prompt_tokens,
        output_tokens=output_tokens,
        cost_usd=cost if cost is not None else Decimal(0),
        cache_read_tokens=cache_read,
        cache_write_tokens=cache_write,
        total_tokens=total_tokens,
        ts=at,
        source=source,
        external_id=external_id,
        metadata=metadata or None,
        **fields,
    )


def from_openai(
    response: Any,
    *,
    source: Optional[str] = None,
    external_id: Optional[str] = None,
    ts: Optional[_dt.datetime] = None,
    provider: str = "openai",
    price_book: Optional[PriceBook] = None,
    **fields: Any,
) -> ProductEvent:
    """A product event from an OpenAI Chat Completions or Responses API answer.

    Usage shapes: Chat Completions (``prompt_tokens``, ``completion_tokens``,
    ``prompt_tokens_details.cached_tokens``) and Responses (``input_tokens``, ``output_tokens``,
    ``input_tokens_details.cached_tokens``). OpenAI's input count already includes cached tokens,
    so it is ``prompt_tokens`` as is; the cached part is ``cache_read_tokens``.

    :param source: the sender's stable name; with it the event's ``external_id`` is the response's
        ``id`` (unless given), so a resend is counted once
    :param ts: the call's time (timezone-aware); default the response's ``created`` / ``created_at``,
        else now. The price is the one in force on its UTC day
    :param provider: ``openai``, or e.g. ``azure-openai`` for the same API elsewhere
    :param price_book: default the bundled book
    :param fields: any other event field (``tenant_id``, ``feature``, ``latency_ms``, ``status``,
        ``metadata``, ...)
    :raises ValueError: when the response has no usage or model
    """
    usage = _get(response, "usage")
    if usage is None:
        raise ValueError("the OpenAI response has no usage (with streaming, ask for it: stream_options include_usage)")
    if _get(usage, "prompt_tokens") is not None or _get(usage, "completion_tokens") is not None:
        prompt = _tokens(usage, "prompt_tokens", "usage")
        output = _tokens(usage, "completion_tokens", "usage")
        cached = _tokens(_get(usage, "prompt_tokens_details"), "cached_tokens", "usage.prompt_tokens_details")
        created = _get(response, "created")
    elif _get(usage, "input_tokens") is not None or _get(usage, "output_tokens") is not None:
        prompt = _tokens(usage, "input_tokens", "usage")
        output = _tokens(usage, "output_tokens", "usage")
        cached = _tokens(_get(usage, "input_tokens_details"), "cached_tokens", "usage.input_tokens_details")
        created = _get(response, "created_at")
    else:
        raise ValueError(
            "the OpenAI usage has neither prompt_tokens/completion_tokens nor input_tokens/output_tokens"
        )
    if cached > prompt:
        raise ValueError(f"the OpenAI usage has more cached tokens ({cached}) than input tokens ({prompt})")
    total = _get(usage, "total_tokens")
    return _event(
        provider=provider,
        response=response,
        model=_get(response, "model"),
        prompt_tokens=prompt,
        output_tokens=output,
        cache_read=cached,
        cache_write=None,
        total_tokens=total if isinstance(total, int) and not isinstance(total, bool) else None,
        at=_when(ts, created),
        source=source,
        external_id=external_id,
        price_book=price_book,
        fields=fields,
    )


def from_anthropic(
    message: Any,
    *,
    source: Optional[str] = None,
    external_id: Optional[str] = None,
    ts: Optional[_dt.datetime] = None,
    provider: str = "anthropic",
    price_book: Optional[PriceBook] = None,
    **fields: Any,
) -> ProductEvent:
    """A product event from an Anthropic Messages API answer.

    Anthropic's ``usage.input_tokens`` excludes the cache; Spendline's ``prompt_tokens`` is all
    input: ``input_tokens + cache_read_input_tokens + cache_creation_input_tokens``, with the cache
    reads as ``cache_read_tokens`` and the cache writes as ``cache_write_tokens``. The price book
    prices cache writes as input (docs/pricing.md).

    Parameters as for :func:`from_openai`; ``ts`` defaults to now (a message carries no time).
    """
    usage = _get(message, "usage")
    if usage is None:
        raise ValueError("the Anthropic message has no usage")
    uncached = _tokens(usage, "input_tokens", "usage")
    read = _tokens(usage, "cache_read_input_tokens", "usage")
    write = _tokens(usage, "cache_creation_input_tokens", "usage")
    output = _tokens(usage, "output_tokens", "usage")
    return _event(
        provider=provider,
        response=message,
        model=_get(message, "model"),
        prompt_tokens=uncached + read + write,
        output_tokens=output,
        cache_read=read,
        cache_write=write,
        total_tokens=None,
        at=_when(ts, None),
        source=source,
        external_id=external_id,
        price_book=price_book,
        fields=fields,
    )
