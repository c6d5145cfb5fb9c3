"""The two kinds of item: product events and internal usage rows (docs/ingest.md sections 3 and 4).

Python attribute names are the wire names in snake case (``prompt_tokens`` is ``promptTokens``);
:meth:`ProductEvent.to_json` and :meth:`InternalUsageRow.to_json` write the wire names.

Like the Java client's ``Checks``, construction refuses only what could never be accepted (a
missing required field, a value of the wrong type, a lone ``source`` or ``external_id``, a negative
count or cost, metadata JSON cannot carry), with a ``ValueError`` (``TypeError`` for a wrong
type) naming the field. Lengths, ranges, the ``tool`` slug, the e-mail shape, credentials in
metadata and the cost-basis rules are the server's to judge: its answer, listing every problem,
reaches :meth:`DeliveryListener.rejected`.
"""

from __future__ import annotations

import datetime as _dt
import json
import math
import types
from decimal import Decimal, InvalidOperation
from typing import Any, Dict, List, Mapping, Optional, Tuple, Union

#: What ``cost_usd`` accepts: an exact :class:`~decimal.Decimal`, a decimal string such as
#: ``"0.000275"``, an ``int``, or a ``float`` (taken as its shortest printed form, ``0.1`` is ``0.1``).
Money = Union[Decimal, str, int, float]

#: The provider call's outcome, as ``status`` expects it.
SUCCESS = "success"
ERROR = "error"

# Decided values of internal usage rows (docs/ingest.md section 4.1), as the Java client names them.
KIND_COLLECTOR = "collector"
KIND_API = "api"
KIND_BILLING_EXPORT = "billing_export"
KIND_IMPORT = "import"
KIND_CI = "ci"
CATEGORY_CODING_AGENT = "coding_agent"
CATEGORY_CODE_COMPLETION = "code_completion"
CATEGORY_CHAT_ASSISTANT = "chat_assistant"
CATEGORY_API = "api"
CATEGORY_OTHER = "other"
#: The source's own cost figure (``cost_usd``) is used as is.
REPORTED = "reported"
#: Spendline prices the tokens; needs ``provider`` and ``model``, no ``cost_usd``.
PRICE_BOOK = "price_book"
#: A flat seat price: tokens are counted, cost as 0.
SUBSCRIPTION = "subscription"


def _required(value: Any, field: str) -> Any:
    if value is None:
        raise ValueError(f"{field} is required")
    return value


def _string(value: Any, field: str) -> Optional[str]:
    if value is not None and not isinstance(value, str):
        raise TypeError(f"{field} must be a string, not {type(value).__name__}")
    return value


def _count(value: Any, field: str) -> Optional[int]:
    if value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, int):
        raise TypeError(f"{field} must be an int, not {type(value).__name__}")
    if value < 0:
        raise ValueError(f"{field} must not be negative")
    return value


def _money(value: Any, field: str) -> Optional[Decimal]:
    """An exact, non-negative amount; never passed through a binary float's long expansion."""
    if value is None:
        return None
    if isinstance(value, bool):
        raise TypeError(f"{field} must be a Decimal, a decimal string, an int or a float, not bool")
    if isinstance(value, Decimal):
        amount = value
    elif isinstance(value, int):
        amount = Decimal(value)
    elif isinstance(value, float):
        if not math.isfinite(value):
            raise ValueError(f"{field} is not a finite number")
        amount = Decimal(repr(value))
    elif isinstance(value, str):
        try:
            amount = Decimal(value.strip())
        except InvalidOperation:
            raise ValueError(f"{field} is not a decimal number: {value!r}") from None
    else:
        raise TypeError(
            f"{field} must be a Decimal, a decimal string, an int or a float, not {type(value).__name__}"
        )
    if not amount.is_finite():
        raise ValueError(f"{field} is not a finite number")
    if amount < 0:
        raise ValueError(f"{field} must not be negative")
    return abs(amount) if amount == 0 else amount  # -0 is written as 0


def _identity(source: Optional[str], external_id: Optional[str]) -> None:
    """Both or neither, as the server requires; caught here because a lone one can never be accepted."""
    if (source is None) != (external_id is None):
        raise ValueError(
            "source is required when external_id is given"
            if source is None
            else "external_id is required when source is given"
        )


def _timestamp(value: Any, field: str) -> Optional[_dt.datetime]:
    if value is None:
        return None
    if not isinstance(value, _dt.datetime):
        raise TypeError(f"{field} must be a datetime, not {type(value).__name__}")
    if value.tzinfo is None or value.utcoffset() is None:
        raise ValueError(
            f"{field} must be timezone-aware (e.g. datetime.now(timezone.utc)); a naive datetime is ambiguous"
        )
    return value


def _metadata(value: Any) -> Optional[Mapping[str, Any]]:
    """A read-only deep copy made of what JSON can carry: strings, numbers, booleans, None, dicts
    and lists (read back as mappings and tuples)."""
    if value is None:
        return None
    if not isinstance(value, Mapping):
        raise TypeError(f"metadata must be a dict, not {type(value).__name__}")
    return _copy_object(value, "metadata")


def _copy_object(mapping: Mapping[Any, Any], path: str) -> Mapping[str, Any]:
    copy: Dict[str, Any] = {}
    for key, item in mapping.items():
        if not isinstance(key, str):
            raise ValueError(f"{path} has a key that is not a string: {key!r}")
        copy[key] = _copy_value(item, f"{path}/{key}")
    return types.MappingProxyType(copy)


def _copy_value(value: Any, path: str) -> Any:
    if value is None or isinstance(value, (str, bool, int)):
        return value
    if isinstance(value, float):
        if not math.isfinite(value):
            raise ValueError(f"{path} is not a finite number")
        return value
    if isinstance(value, Decimal):
        if not value.is_finite():
            raise ValueError(f"{path} is not a finite number")
        return value
    if isinstance(value, Mapping):
        return _copy_object(value, path)
    if isinstance(value, (list, tuple)):
        return tuple(_copy_value(element, f"{path}/{i}") for i, element in enumerate(value))
    raise ValueError(
        f"{path} is a {type(value).__name__}; metadata holds strings, numbers, booleans, None, dicts and lists"
    )


def _iso(value: _dt.datetime) -> str:
    """An ISO-8601 instant in UTC: ``2026-11-22T09:59:58.250000Z``."""
    utc = value.astimezone(_dt.timezone.utc).replace(tzinfo=None)
    return utc.isoformat() + "Z"


def _plain(amount: Decimal) -> str:
    """Plain notation (``0.00000001``, never ``1E-8``): exactly the digits given."""
    return format(amount, "f")


def _json_value(value: Any) -> str:
    if isinstance(value, Decimal):
        return _plain(value)
    if isinstance(value, Mapping):
        return "{" + ",".join(json.dumps(k) + ":" + _json_value(v) for k, v in value.items()) + "}"
    if isinstance(value, (list, tuple)):
        return "[" + ",".join(_json_value(v) for v in value) + "]"
    return json.dumps(value)


def _write(fields: List[Tuple[str, Any]]) -> str:
    """A JSON object of the fields that are not None, in the order given."""
    parts = []
    for name, value in fields:
        if value is None:
            continue
        if isinstance(value, _dt.datetime):
            value = _iso(value)
        parts.append(json.dumps(name) + ":" + _json_value(value))
    return "{" + ",".join(parts) + "}"


class ProductEvent:
    """One LLM call made by your product (``POST /api/v1/events``).

    Set ``source`` and ``external_id`` (both or neither) whenever you can: Spendline counts a
    resent event with the same pair once, so the client's retries, and your own resends after a
    restart, are free. **Without them, an event whose answer was lost (a timeout after the server
    had accepted it) is counted twice when it is retried.** Use something stable, such as the
    provider's response id, never a random value per attempt.

    Immutable; ``metadata`` is copied deeply when the event is made.
    """

    __slots__ = (
        "provider", "model", "prompt_tokens", "output_tokens", "cost_usd", "source", "external_id",
        "ts", "total_tokens", "cache_read_tokens", "cache_write_tokens", "latency_ms", "status",
        "feature", "tenant_id", "user_id", "agent_id", "workflow_id", "run_id", "step_id",
        "tool_name", "retry_count", "outcome", "metadata",
    )  # fmt: skip

    provider: str
    model: str
    prompt_tokens: int
    output_tokens: int
    cost_usd: Decimal
    source: Optional[str]
    external_id: Optional[str]
    ts: Optional[_dt.datetime]
    total_tokens: Optional[int]
    cache_read_tokens: Optional[int]
    cache_write_tokens: Optional[int]
    latency_ms: Optional[int]
    status: Optional[str]
    feature: Optional[str]
    tenant_id: Optional[str]
    user_id: Optional[str]
    agent_id: Optional[str]
    workflow_id: Optional[str]
    run_id: Optional[str]
    step_id: Optional[str]
    tool_name: Optional[str]
    retry_count: Optional[int]
    outcome: Optional[str]
    metadata: Optional[Mapping[str, Any]]

    def __init__(
        self,
        *,
        provider: str,
        model: str,
        prompt_tokens: int,
        output_tokens: int,
        cost_usd: Money,
        source: Optional[str] = None,
        external_id: Optional[str] = None,
        ts: Optional[_dt.datetime] = None,
        total_tokens: Optional[int] = None,
        cache_read_tokens: Optional[int] = None,
        cache_write_tokens: Optional[int] = None,
        latency_ms: Optional[int] = None,
        status: Optional[str] = None,
        feature: Optional[str] = None,
        tenant_id: Optional[str] = None,
        user_id: Optional[str] = None,
        agent_id: Optional[str] = None,
        workflow_id: Optional[str] = None,
        run_id: Optional[str] = None,
        step_id: Optional[str] = None,
        tool_name: Optional[str] = None,
        retry_count: Optional[int] = None,
        outcome: Optional[str] = None,
        metadata: Optional[Mapping[str, Any]] = None,
    ) -> None:
        """Raises ``ValueError`` (``TypeError`` for a wrong type) for what could never be accepted."""
        values: Dict[str, Any] = {
            "provider": _string(_required(provider, "provider"), "provider"),
            "model": _string(_required(model, "model"), "model"),
            "prompt_tokens": _count(_required(prompt_tokens, "prompt_tokens"), "prompt_tokens"),
            "output_tokens": _count(_required(output_tokens, "output_tokens"), "output_tokens"),
            "cost_usd": _money(_required(cost_usd, "cost_usd"), "cost_usd"),
            "source": _string(source, "source"),
            "external_id": _string(external_id, "external_id"),
            "ts": _timestamp(ts, "ts"),
            "total_tokens": _count(total_tokens, "total_tokens"),
            "cache_read_tokens": _count(cache_read_tokens, "cache_read_tokens"),
            "cache_write_tokens": _count(cache_write_tokens, "cache_write_tokens"),
            "latency_ms": _count(latency_ms, "latency_ms"),
            "status": _string(status, "status"),
            "feature": _string(feature, "feature"),
            "tenant_id": _string(tenant_id, "tenant_id"),
            "user_id": _string(user_id, "user_id"),
            "agent_id": _string(agent_id, "agent_id"),
            "workflow_id": _string(workflow_id, "workflow_id"),
            "run_id": _string(run_id, "run_id"),
            "step_id": _string(step_id, "step_id"),
            "tool_name": _string(tool_name, "tool_name"),
            "retry_count": _count(retry_count, "retry_count"),
            "outcome": _string(outcome, "outcome"),
            "metadata": _metadata(metadata),
        }
        _identity(values["source"], values["external_id"])
        for name, value in values.items():
            object.__setattr__(self, name, value)

    def __setattr__(self, name: str, value: Any) -> None:
        raise AttributeError("ProductEvent is immutable; use replace(...) for a changed copy")

    def replace(self, **changes: Any) -> "ProductEvent":
        """A copy with the given fields changed, checked like a new event."""
        fields = {name: getattr(self, name) for name in self.__slots__}
        fields.update(changes)
        return ProductEvent(**fields)

    @property
    def identity(self) -> Optional[Tuple[str, str]]:
        """``(source, external_id)``, or None without an identity."""
        return None if self.source is None else (self.source, self.external_id)  # type: ignore[return-value]

    def to_json(self) -> str:
        """The event as the JSON ``/api/v1/events`` reads (wire names, absent fields left out)."""
        return _write(
            [
                ("provider", self.provider),
                ("model", self.model),
                ("promptTokens", self.prompt_tokens),
                ("outputTokens", self.output_tokens),
                ("costUsd", self.cost_usd),
                ("source", self.source),
                ("externalId", self.external_id),
                ("ts", self.ts),
                ("totalTokens", self.total_tokens),
                ("cacheReadTokens", self.cache_read_tokens),
                ("cacheWriteTokens", self.cache_write_tokens),
                ("latencyMs", self.latency_ms),
                ("status", self.status),
                ("feature", self.feature),
                ("tenantId", self.tenant_id),
                ("userId", self.user_id),
                ("agentId", self.agent_id),
                ("workflowId", self.workflow_id),
                ("runId", self.run_id),
                ("stepId", self.step_id),
                ("toolName", self.tool_name),
                ("retryCount", self.retry_count),
                ("outcome", self.outcome),
                ("metadata", self.metadata),
            ]
        )

    def __eq__(self, other: object) -> bool:
        return type(other) is ProductEvent and all(
            getattr(self, n) == getattr(other, n) for n in self.__slots__
        )

    def __hash__(self) -> int:
        return hash((self.provider, self.model, self.source, self.external_id, self.cost_usd))

    def __repr__(self) -> str:
        shown = ", ".join(
            f"{n}={getattr(self, n)!r}" for n in self.__slots__ if getattr(self, n) is not None
        )
        return f"ProductEvent({shown})"


class InternalUsageRow:
    """Usage of an AI tool by one of your employees (``POST /api/v1/internal-usage``).

    Set ``external_id`` whenever you can: Spendline counts a resent row with the same
    (``source_key``, ``external_id``) once. **Without it, a row whose answer was lost is counted
    twice when it is retried.**

    ``cost_basis``: :data:`REPORTED` (``cost_usd`` required), :data:`PRICE_BOOK` (Spendline prices
    the tokens; ``provider`` and ``model`` required, no ``cost_usd``) or :data:`SUBSCRIPTION`; when
    None, reported if ``cost_usd`` is given, else price_book.
    """

    __slots__ = (
        "source_key", "source_name", "source_kind", "tool", "category", "employee_email",
        "employee_name", "team_name", "provider", "model", "input_tokens", "cached_input_tokens",
        "output_tokens", "cost_basis", "ts", "cost_usd", "external_id",
    )  # fmt: skip

    source_key: str
    source_name: Optional[str]
    source_kind: str
    tool: str
    category: Optional[str]
    employee_email: str
    employee_name: Optional[str]
    team_name: Optional[str]
    provider: Optional[str]
    model: Optional[str]
    input_tokens: int
    cached_input_tokens: Optional[int]
    output_tokens: int
    cost_basis: Optional[str]
    ts: Optional[_dt.datetime]
    cost_usd: Optional[Decimal]
    external_id: Optional[str]

    def __init__(
        self,
        *,
        source_key: str,
        source_kind: str,
        tool: str,
        employee_email: str,
        input_tokens: int,
        output_tokens: int,
        source_name: Optional[str] = None,
        category: Optional[str] = None,
        employee_name: Optional[str] = None,
        team_name: Optional[str] = None,
        provider: Optional[str] = None,
        model: Optional[str] = None,
        cached_input_tokens: Optional[int] = None,
        cost_basis: Optional[str] = None,
        ts: Optional[_dt.datetime] = None,
        cost_usd: Optional[Money] = None,
        external_id: Optional[str] = None,
    ) -> None:
        """Raises ``ValueError`` (``TypeError`` for a wrong type) for what could never be accepted."""
        values: Dict[str, Any] = {
            "source_key": _string(_required(source_key, "source_key"), "source_key"),
            "source_name": _string(source_name, "source_name"),
            "source_kind": _string(_required(source_kind, "source_kind"), "source_kind"),
            "tool": _string(_required(tool, "tool"), "tool"),
            "category": _string(category, "category"),
            "employee_email": _string(_required(employee_email, "employee_email"), "employee_email"),
            "employee_name": _string(employee_name, "employee_name"),
            "team_name": _string(team_name, "team_name"),
            "provider": _string(provider, "provider"),
            "model": _string(model, "model"),
            "input_tokens": _count(_required(input_tokens, "input_tokens"), "input_tokens"),
            "cached_input_tokens": _count(cached_input_tokens, "cached_input_tokens"),
            "output_tokens": _count(_required(output_tokens, "output_tokens"), "output_tokens"),
            "cost_basis": _string(cost_basis, "cost_basis"),
            "ts": _timestamp(ts, "ts"),
            "cost_usd": _money(cost_usd, "cost_usd"),
            "external_id": _string(external_id, "external_id"),
        }
        for name, value in values.items():
            object.__setattr__(self, name, value)

    def __setattr__(self, name: str, value: Any) -> None:
        raise AttributeError("InternalUsageRow is immutable; use replace(...) for a changed copy")

    def replace(self, **changes: Any) -> "InternalUsageRow":
        """A copy with the given fields changed, checked like a new row."""
        fields = {name: getattr(self, name) for name in self.__slots__}
        fields.update(changes)
        return InternalUsageRow(**fields)

    def to_json(self) -> str:
        """The row as the JSON ``/api/v1/internal-usage`` reads (wire names, absent fields left out)."""
        return _write(
            [
                ("sourceKey", self.source_key),
                ("sourceName", self.source_name),
                ("sourceKind", self.source_kind),
                ("tool", self.tool),
                ("category", self.category),
                ("employeeEmail", self.employee_email),
                ("employeeName", self.employee_name),
                ("teamName", self.team_name),
                ("provider", self.provider),
                ("model", self.model),
                ("inputTokens", self.input_tokens),
                ("cachedInputTokens", self.cached_input_tokens),
                ("outputTokens", self.output_tokens),
                ("costBasis", self.cost_basis),
                ("ts", self.ts),
                ("costUsd", self.cost_usd),
                ("externalId", self.external_id),
            ]
        )

    def __eq__(self, other: object) -> bool:
        return type(other) is InternalUsageRow and all(
            getattr(self, n) == getattr(other, n) for n in self.__slots__
        )

    def __hash__(self) -> int:
        return hash((self.source_key, self.external_id, self.employee_email, self.cost_usd))

    def __repr__(self) -> str:
        shown = ", ".join(
            f"{n}={getattr(self, n)!r}" for n in self.__slots__ if getattr(self, n) is not None
        )
        return f"InternalUsageRow({shown})"


#: What :meth:`SpendlineClient.send` accepts.
Item = Union[ProductEvent, InternalUsageRow]
