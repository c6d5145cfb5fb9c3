"""Posts a recorded OTLP export of the official Python OpenAI instrumentation to a real Spendline
(PythonSenderIT), twice: the second post is an exporter's retry and must count nothing.

Usage: python3 post_otlp_fixture.py FIXTURE. Environment: SPENDLINE_URL, SPENDLINE_API_KEY.

FIXTURE is gateway/src/test/resources/otlp/python-openai-v2-chat.json: what
opentelemetry-instrumentation-openai-v2 and the Python SDK's OTLP exporter send for one chat
completion and one failed call (PythonOpenAiV2FixtureTest says where each attribute comes from).
Its span times are moved to end a second ago, as a new recording would, so the calls land today
and inside the ingest time window. The Python exporter (opentelemetry-exporter-otlp-proto-http)
sends that request in protobuf; the package index is not reachable here and the standard library
has no protobuf, so this posts the same request in OTLP/JSON, which /v1/traces reads alike
(PythonOpenAiV2FixtureTest maps both encodings to the same events).

Prints {"answers": [{"status": ..., "body": ...}, ...]}, one per post.
"""

import json
import os
import sys
import time
import urllib.request


def shifted(export):
    spans = [s for rs in export["resourceSpans"] for ss in rs["scopeSpans"] for s in ss["spans"]]
    latest = max(int(s["endTimeUnixNano"]) for s in spans)
    offset = time.time_ns() - 1_000_000_000 - latest
    for span in spans:
        for field in ("startTimeUnixNano", "endTimeUnixNano"):
            span[field] = str(int(span[field]) + offset)
    return export


def post(url, key, body):
    request = urllib.request.Request(
        url + "/v1/traces",
        data=body,
        method="POST",
        headers={
            # The headers the Python exporter sends, with OTEL_EXPORTER_OTLP_HEADERS'
            # "Authorization=Bearer%20spl_..." decoded.
            "Content-Type": "application/json",
            "User-Agent": "OTel-OTLP-Exporter-Python/1.40.0",
            "Authorization": "Bearer " + key,
        },
    )
    try:
        with urllib.request.urlopen(request, timeout=30) as answer:
            return {"status": answer.status, "body": answer.read().decode("utf-8")}
    except urllib.error.HTTPError as refused:
        return {"status": refused.code, "body": refused.read().decode("utf-8", "replace")}


def main():
    with open(sys.argv[1], encoding="utf-8") as f:
        body = json.dumps(shifted(json.load(f))).encode("utf-8")
    url, key = os.environ["SPENDLINE_URL"], os.environ["SPENDLINE_API_KEY"]
    answers = [post(url, key, body) for _ in range(2)]
    print(json.dumps({"answers": answers}))


if __name__ == "__main__":
    main()
