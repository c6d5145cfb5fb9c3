"""Spendline's Python sender: product events and internal usage rows, without slowing your app.

    from spendline import SpendlineClient, ProductEvent

    client = SpendlineClient("https://spendline.example.com", api_key=os.environ["SPENDLINE_API_KEY"])
    client.send(ProductEvent(provider="openai", model="gpt-4o-mini", prompt_tokens=1000,
                             output_tokens=200, cost_usd="0.00027",
                             source="web-backend", external_id=request_id))

See README.md and docs/sdks.md.
"""

__version__ = "0.1.0"

from ._client import ClientMetrics, DeliveryListener, SpendlineClient  # noqa: E402
from ._items import (  # noqa: E402
    CATEGORY_API,
    CATEGORY_CHAT_ASSISTANT,
    CATEGORY_CODE_COMPLETION,
    CATEGORY_CODING_AGENT,
    CATEGORY_OTHER,
    ERROR,
    KIND_API,
    KIND_BILLING_EXPORT,
    KIND_CI,
    KIND_COLLECTOR,
    KIND_IMPORT,
    PRICE_BOOK,
    REPORTED,
    SUBSCRIPTION,
    SUCCESS,
    InternalUsageRow,
    Item,
    ProductEvent,
)
from .pricing import ModelPrice, PriceBook  # noqa: E402
from .providers import from_anthropic, from_openai  # noqa: E402

__all__ = [
    "__version__",
    "SpendlineClient",
    "ClientMetrics",
    "DeliveryListener",
    "ProductEvent",
    "InternalUsageRow",
    "Item",
    "PriceBook",
    "ModelPrice",
    "from_openai",
    "from_anthropic",
    "SUCCESS",
    "ERROR",
    "KIND_COLLECTOR",
    "KIND_API",
    "KIND_BILLING_EXPORT",
    "KIND_IMPORT",
    "KIND_CI",
    "CATEGORY_CODING_AGENT",
    "CATEGORY_CODE_COMPLETION",
    "CATEGORY_CHAT_ASSISTANT",
    "CATEGORY_API",
    "CATEGORY_OTHER",
    "REPORTED",
    "PRICE_BOOK",
    "SUBSCRIPTION",
]
