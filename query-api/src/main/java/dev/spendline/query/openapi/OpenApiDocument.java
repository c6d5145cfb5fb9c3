package dev.spendline.query.openapi;

import dev.spendline.ask.AskAnswer;
import dev.spendline.contracts.alert.AlertSeverity;
import dev.spendline.contracts.alert.AlertSnooze;
import dev.spendline.contracts.alert.AlertType;
import dev.spendline.contracts.experiment.ExperimentSummary;
import dev.spendline.contracts.experiment.ExperimentsReport;
import dev.spendline.contracts.json.Json;
import dev.spendline.contracts.problem.ProblemJson;
import dev.spendline.contracts.schemas.PublishedSchemas;
import dev.spendline.contracts.tools.ReadTool;
import dev.spendline.controlplane.oauth.FirstPartyClients;
import dev.spendline.controlplane.otlp.OtlpMapping;
import dev.spendline.controlplane.webhooks.WebhookAttempt;
import dev.spendline.query.action.ActionService;
import dev.spendline.query.oauth.OAuthUrls;
import dev.spendline.query.otlp.OtlpMappingView;
import dev.spendline.query.revenue.RevenueEntry;
import dev.spendline.query.webhooks.WebhookEndpoints;
import dev.spendline.query.webhooks.WebhookView;
import java.util.Map;
import java.util.TreeMap;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * The OpenAPI 3.1 document of Spendline's public HTTP API, served at {@value #PATH}: built from the
 * declarations the endpoints already have, never maintained by hand. The read tools' paths,
 * parameters, descriptions and answers come from {@link ReadTool} and its published schemas
 * (docs/schemas/tools); the ingest bodies and the webhook message from {@link PublishedSchemas}
 * (docs/schemas); answers without a published schema from their records ({@link RecordSchemas});
 * errors are RFC 9457 problem details as {@link ProblemJson} writes them.
 *
 * <p>What it covers, and what it leaves out on purpose (docs/api.md, "The OpenAPI document"): the
 * JSON API under {@code /api/v1} (ingest included, which a deployment routes to the gateway), the
 * MCP endpoint, and the OAuth endpoints and metadata a client calls. Browser pages (the dashboard
 * under {@code /app}, sign-in and sign-up forms, the consent and device pages), Slack's callbacks
 * ({@code /slack/**}, signed by Slack, not called by API clients), the probes ({@code /livez},
 * {@code /readyz}) and the internal port are not part of it. {@code OpenApiRoutesIT} (standalone)
 * holds the document and the routes the running application serves equal, with those exclusions
 * listed.
 */
public final class OpenApiDocument {

    /** Where the document is served: public, without a credential. */
    public static final String PATH = "/api/v1/openapi.json";

    static final String API_KEY = "apiKey";
    static final String OAUTH = "oauth";
    static final String JSON = "application/json";
    static final String FORM = "application/x-www-form-urlencoded";

    private static final Map<Integer, String> PROBLEM_RESPONSES = Map.ofEntries(
            Map.entry(400, "BadRequest"),
            Map.entry(401, "Unauthorized"),
            Map.entry(403, "Forbidden"),
            Map.entry(404, "NotFound"),
            Map.entry(409, "Conflict"),
            Map.entry(410, "Gone"),
            Map.entry(413, "ContentTooLarge"),
            Map.entry(415, "UnsupportedMediaType"),
            Map.entry(422, "UnprocessableContent"),
            Map.entry(429, "TooManyRequests"),
            Map.entry(500, "InternalError"),
            Map.entry(503, "Unavailable"));

    private final ObjectNode root = Json.MAPPER.createObjectNode();
    private final ObjectNode paths;
    private final ObjectNode schemas;

    private OpenApiDocument() {
        root.put("openapi", "3.1.1");
        root.put("jsonSchemaDialect", "https://json-schema.org/draft/2020-12/schema");
        info(root.putObject("info"));
        root.putArray("servers")
                .addObject()
                .put("url", "/")
                .put(
                        "description",
                        "The Spendline this document was read from: every path is relative to its"
                                + " base URL (the standalone's, or the reverse proxy's in front of the services)");
        root.putArray("security").addObject().putArray(API_KEY);
        tags(root.putArray("tags"));
        paths = root.putObject("paths");
        ObjectNode components = root.putObject("components");
        schemas = components.putObject("schemas");
        securitySchemes(components.putObject("securitySchemes"));
        problemResponses(components.putObject("responses"));
        publishedSchemas();
        ingest();
        reports();
        ask();
        budgetsAndAlerts();
        webhooks();
        revenue();
        otlpMapping();
        experiments();
        document();
        mcp();
        oauth();
        commonAnswers();
        webhookMessages(root.putObject("webhooks"));
    }

    /** The document, built anew (callers keep it: it never changes while the process runs). */
    public static ObjectNode build() {
        return new OpenApiDocument().root;
    }

    /** The name under components/responses of the problem answer for {@code status}. */
    static String problemResponse(int status) {
        String name = PROBLEM_RESPONSES.get(status);
        if (name == null) {
            throw new IllegalArgumentException("No problem response is declared for " + status);
        }
        return name;
    }

    private static void info(ObjectNode info) {
        info.put("title", "Spendline API");
        info.put("version", "v1");
        info.put("summary", "AI cost attribution: send usage, read reports, ask questions, act on budgets and alerts.");
        info.put(
                "description",
                "Every operation of Spendline's public HTTP API: ingest, the reports (the read tools), Ask and its"
                        + " confirmed write actions, budgets, alert snoozes, webhooks, customer revenue, experiments,"
                        + " the MCP endpoint and the OAuth endpoints MCP clients and the collector use. Browser"
                        + " pages (dashboard, sign-in, consent), Slack's callbacks and the probes are not listed"
                        + " (docs/api.md says why).\n\n"
                        + "Authenticate with a workspace API key, `Authorization: Bearer spl_…`; the workspace is"
                        + " always the key's own. Errors are `application/problem+json` (RFC 9457) with a stable"
                        + " `code`, and for validation an `errors` list of `{pointer, message}` (JSON Pointers into"
                        + " the request). Besides the answers listed per operation, every path answers 404"
                        + " `not_found` for what does not exist, 405 `method_not_allowed` with `Allow`, 406"
                        + " `not_acceptable`, 400 `request_rejected` for a URL the firewall refuses, 413"
                        + " `body_too_large` over the body limit (1 MiB; ingest 5 MiB; MCP 256 KiB) and 500"
                        + " `internal_error` with an `incident` id. The OAuth endpoints answer OAuth errors"
                        + " (RFC 6749 `error`, `error_description`) instead. Times are ISO-8601 UTC; money is a"
                        + " JSON number of US dollars.");
    }

    private static void tags(ArrayNode tags) {
        tag(tags, "ingest", "Product events and internal usage rows in (docs/ingest.md). Served by the gateway.");
        tag(tags, "reports", "The read tools as REST reports: the same arguments and answers as in MCP and Ask.");
        tag(
                tags,
                "ask",
                "Questions in words, and write actions prepared and confirmed apart (docs/ask.md, docs/actions.md).");
        tag(tags, "budgets", "Budgets and alert snoozes (docs/budgets.md, docs/alerts.md).");
        tag(tags, "webhooks", "Alert webhooks: endpoints, secrets and delivery attempts (docs/webhooks.md).");
        tag(tags, "revenue", "Customer revenue, the input of margins (docs/margin.md).");
        tag(
                tags,
                "settings",
                "Workspace settings: the OTLP attribution mapping of OpenTelemetry spans (docs/opentelemetry.md).");
        tag(tags, "experiments", "Experiments seen in the events and their guardrails (docs/experiments.md).");
        tag(tags, "mcp", "The Model Context Protocol endpoint (docs/mcp.md).");
        tag(tags, "oauth", "The OAuth 2.1 authorization server and protected resource metadata (docs/oauth.md).");
        tag(tags, "meta", "This document.");
    }

    private static void tag(ArrayNode tags, String name, String description) {
        tags.addObject().put("name", name).put("description", description);
    }

    private static void securitySchemes(ObjectNode schemes) {
        schemes.putObject(API_KEY)
                .put("type", "http")
                .put("scheme", "bearer")
                .put("bearerFormat", "spl_…")
                .put(
                        "description",
                        "A workspace API key (`spl_` and 43 more characters), created in the dashboard under"
                                + " Settings → API keys and shown once: `Authorization: Bearer spl_…`. A missing,"
                                + " unknown or revoked key is 401 `unauthorized` with `WWW-Authenticate: Bearer`.");
        ObjectNode oauth = schemes.putObject(OAUTH);
        oauth.put("type", "oauth2");
        oauth.put(
                "description",
                "OAuth 2.1 access tokens (JWT) of Spendline's authorization server, bound to one workspace (the"
                        + " user picks it on the consent page) and to one resource (RFC 8707): MCP clients get"
                        + " tokens for `/api/mcp` (scope `mcp`, dynamic client registration, PKCE S256), the"
                        + " collector for `/api/v1/internal-usage` (scope `usage:write`, also by the device"
                        + " grant). Discovery starts at `/.well-known/oauth-protected-resource/api/mcp`"
                        + " (docs/oauth.md).");
        ObjectNode code = oauth.putObject("flows").putObject("authorizationCode");
        code.put("authorizationUrl", "/oauth2/authorize");
        code.put("tokenUrl", "/oauth2/token");
        code.put("refreshUrl", "/oauth2/token");
        ObjectNode scopes = code.putObject("scopes");
        scopes.put(OAuthUrls.MCP_SCOPE, "Use the MCP endpoint for the workspace chosen at consent");
        scopes.put(FirstPartyClients.USAGE_WRITE_SCOPE, "Send internal usage rows (the Spendline collector only)");
    }

    private void problemResponses(ObjectNode responses) {
        ObjectNode problem = schemas.putObject("Problem");
        problem.put("type", "object");
        problem.put(
                "description",
                "An RFC 9457 problem detail. Branch on `code`, which never changes for a kind of refusal;"
                        + " `type` is " + ProblemJson.TYPE_BASE + "{code}.");
        problem.putArray("required")
                .add("type")
                .add("title")
                .add("status")
                .add("detail")
                .add("code");
        ObjectNode properties = problem.putObject("properties");
        properties
                .putObject("type")
                .put("type", "string")
                .put("format", "uri")
                .put("pattern", "^" + ProblemJson.TYPE_BASE.replace(".", "\\.") + "[a-z_]+$");
        properties.putObject("title").put("type", "string");
        properties
                .putObject("status")
                .put("type", "integer")
                .put("minimum", 400)
                .put("maximum", 599);
        properties.putObject("detail").put("type", "string").put("description", "What went wrong and what to do");
        properties
                .putObject("code")
                .put("type", "string")
                .put("pattern", "^[a-z_]+$")
                .put("description", "The stable name of the refusal, e.g. invalid_parameters, plan_required");
        ObjectNode errors = properties.putObject("errors");
        errors.put("type", "array");
        errors.put("description", "Every problem of the request, for validation refusals");
        ObjectNode error = errors.putObject("items");
        error.put("type", "object");
        error.putArray("required").add("pointer").add("message");
        error.putObject("properties")
                .<ObjectNode>set(
                        "pointer",
                        Json.MAPPER
                                .createObjectNode()
                                .put("type", "string")
                                .put(
                                        "description",
                                        "A JSON Pointer (RFC 6901) into the request body, or a parameter's name"))
                .putObject("message")
                .put("type", "string");
        properties
                .putObject("incident")
                .put("type", "string")
                .put("description", "On 500: the id under which the failure was logged; quote it");

        problem(responses, 400, "The request was refused; `errors` lists every problem", null);
        problem(responses, 401, "No valid credential", "WWW-Authenticate");
        problem(responses, 403, "The credential's plan or role does not allow this", null);
        problem(responses, 404, "Not there (also for what belongs to another workspace)", null);
        problem(responses, 409, "Conflicts with the current state", null);
        problem(responses, 410, "No longer valid", null);
        problem(responses, 413, "The body is over its limit", null);
        problem(responses, 415, "Not `Content-Type: application/json`", null);
        problem(responses, 422, "Well-formed, but not what was expected", null);
        problem(responses, 429, "Over a quota or rate limit; retry after `Retry-After` seconds", "Retry-After");
        problem(responses, 500, "An unexpected failure: only an `incident` id", null);
        problem(
                responses,
                503,
                "Not available right now (data moving between instances, restoring, or Kafka"
                        + " not answering); retry after `Retry-After` seconds",
                "Retry-After");

        ObjectNode oauthError = schemas.putObject("OAuthError");
        oauthError.put("type", "object");
        oauthError.put("description", "An OAuth error (RFC 6749 section 5.2, RFC 7591 section 3.2.2)");
        oauthError.putArray("required").add("error");
        ObjectNode oauthErrorProperties = oauthError.putObject("properties");
        oauthErrorProperties.putObject("error").put("type", "string");
        oauthErrorProperties.putObject("error_description").put("type", "string");
        oauthErrorProperties.putObject("error_uri").put("type", "string");
    }

    private static void problem(ObjectNode responses, int status, String description, String header) {
        ObjectNode response = responses.putObject(problemResponse(status));
        response.put("description", description);
        if (header != null) {
            ObjectNode h = response.putObject("headers").putObject(header);
            h.put(
                    "description",
                    header.equals("Retry-After")
                            ? "Seconds to wait before retrying"
                            : "`Bearer` (API key), or for MCP `Bearer resource_metadata=\"…\"`");
            h.putObject("schema").put("type", "string");
        }
        response.putObject("content").putObject(ProblemJson.MEDIA_TYPE).set("schema", SchemaComponents.ref("Problem"));
    }

    private void publishedSchemas() {
        for (PublishedSchemas schema : PublishedSchemas.values()) {
            SchemaComponents.add(schemas, schema);
        }
        for (ReadTool tool : ReadTool.values()) {
            SchemaComponents.add(schemas, inputName(tool), tool.inputSchema());
            SchemaComponents.add(schemas, outputName(tool), tool.outputSchema());
        }
    }

    static String inputName(ReadTool tool) {
        return tool.toolName() + ".input";
    }

    static String outputName(ReadTool tool) {
        return tool.toolName() + ".output";
    }

    private Operation operation(String method, String path, String operationId, String tag, String summary) {
        ObjectNode item = paths.has(path) ? (ObjectNode) paths.get(path) : paths.putObject(path);
        if (item.has(method)) {
            throw new IllegalStateException(method.toUpperCase() + " " + path + " is declared twice");
        }
        return new Operation(item.putObject(method), operationId, tag, summary);
    }

    /** A schema component read from an answer record. */
    private ObjectNode record(String name, Class<? extends Record> type) {
        if (!schemas.has(name)) {
            schemas.set(name, RecordSchemas.of(type));
        }
        return SchemaComponents.ref(name);
    }

    private static ObjectNode oneOf(JsonNode... alternatives) {
        ObjectNode schema = Json.MAPPER.createObjectNode();
        ArrayNode list = schema.putArray("oneOf");
        for (JsonNode alternative : alternatives) {
            list.add(alternative);
        }
        return schema;
    }

    private static ObjectNode object(String description, String... required) {
        ObjectNode schema = Json.MAPPER.createObjectNode();
        schema.put("type", "object");
        if (description != null) {
            schema.put("description", description);
        }
        if (required.length > 0) {
            ArrayNode names = schema.putArray("required");
            for (String name : required) {
                names.add(name);
            }
        }
        schema.putObject("properties");
        return schema;
    }

    private static ObjectNode property(ObjectNode schema, String name, String type, String description) {
        ObjectNode property = ((ObjectNode) schema.get("properties")).putObject(name);
        property.put("type", type);
        if (description != null) {
            property.put("description", description);
        }
        return property;
    }

    private static ObjectNode names(Enum<?>[] values) {
        ObjectNode schema = Json.MAPPER.createObjectNode();
        schema.put("type", "array");
        ArrayNode names = schema.putObject("items").put("type", "string").putArray("enum");
        for (Enum<?> value : values) {
            names.add(value.name());
        }
        return schema;
    }

    private void ingest() {
        ObjectNode accepted =
                object("Everything in the request was accepted (and acknowledged by Kafka)", "accepted", "receivedAt");
        property(accepted, "accepted", "integer", "Items accepted, resends of accepted pairs included");
        property(accepted, "receivedAt", "string", "When the request was received; the time of events without `ts`")
                .put("format", "date-time");
        schemas.set("IngestAccepted", accepted);

        operation("post", "/api/v1/events", "sendEvents", "ingest", "Send product events")
                .description("One product event (one LLM call), or a batch `{\"events\": [...]}` of 1 to 1000."
                        + " A batch is atomic: one invalid event refuses all of it with every problem listed."
                        + " A resend of the same (`source`, `externalId`) is accepted and counted once."
                        + " Body limit 5 MiB.")
                .body(
                        JSON,
                        oneOf(
                                SchemaComponents.ref(PublishedSchemas.PRODUCT_EVENT.schemaName()),
                                SchemaComponents.ref(PublishedSchemas.EVENT_BATCH.schemaName())),
                        null)
                .answer(202, "Accepted", JSON, SchemaComponents.ref("IngestAccepted"))
                .refused(400, "`malformed_json`, or `validation_failed` with every problem of every event")
                .refused(401, "`unauthorized`: missing, unknown or revoked key")
                .refused(403, "`insufficient_scope`: an OAuth access token (product events need an API key)")
                .refused(413, "`body_too_large` (over 5 MiB) or `batch_too_large` (over 1000 events)")
                .refused(429, "`quota_exceeded`: the workspace's monthly event quota is used up (docs/quota.md)")
                .refused(500, "`internal_error`: nothing was accepted; retry with the same externalIds")
                .refused(503, "`unavailable`: Kafka did not acknowledge in time; retry with the same externalIds");

        operation("post", "/api/v1/internal-usage", "sendInternalUsage", "ingest", "Send internal usage rows")
                .description("One internal usage row (AI-tool usage by employees), or a batch `{\"rows\": [...]}`"
                        + " of 1 to 1000, atomic like events. Also takes the collector's OAuth access token (scope"
                        + " `usage:write`), whose rows must be its person's own.")
                .security(API_KEY)
                .security(OAUTH, FirstPartyClients.USAGE_WRITE_SCOPE)
                .body(
                        JSON,
                        oneOf(
                                SchemaComponents.ref(PublishedSchemas.INTERNAL_USAGE_ROW.schemaName()),
                                SchemaComponents.ref(PublishedSchemas.INTERNAL_USAGE_BATCH.schemaName())),
                        null)
                .answer(202, "Accepted", JSON, SchemaComponents.ref("IngestAccepted"))
                .refused(400, "`malformed_json`, or `validation_failed` with every problem of every row")
                .refused(401, "`unauthorized`: missing, unknown or revoked key, or an invalid access token")
                .refused(
                        403,
                        "`employee_mismatch` (a row of another person than the token's) or" + " `insufficient_scope`")
                .refused(413, "`body_too_large` (over 5 MiB) or `batch_too_large` (over 1000 rows)")
                .refused(500, "`internal_error`: nothing was accepted")
                .refused(503, "`unavailable`: Kafka did not acknowledge in time");

        otlpTraces();
    }

    /**
     * OTLP/HTTP traces (docs/opentelemetry.md): OTLP's own messages, not Spendline's, so the bodies
     * are described rather than modelled: the protobuf is binary and the JSON is OTLP/JSON's mapping
     * of {@code ExportTraceServiceRequest}; answers and refusals come in the request's encoding.
     */
    private void otlpTraces() {
        String protobuf = "application/x-protobuf";
        ObjectNode binary = Json.MAPPER.createObjectNode();
        binary.put("type", "string");
        binary.put("contentMediaType", protobuf);
        ObjectNode request = object("An OTLP `ExportTraceServiceRequest` in OTLP/JSON: hex trace and span ids,"
                + " int64 as strings or numbers; unknown fields ignored");
        request.put("additionalProperties", true);
        property(request, "resourceSpans", "array", "Spans by resource and instrumentation scope");
        ObjectNode partial = object("Set only when spans were rejected; the others were accepted");
        property(partial, "rejectedSpans", "string", "How many model-call spans were rejected (int64, as a string)");
        property(partial, "errorMessage", "string", "Why: the first ten reasons, then a count");
        ObjectNode response = object("An OTLP `ExportTraceServiceResponse`; `{}` when nothing was rejected");
        ((ObjectNode) response.get("properties")).set("partialSuccess", partial);
        ObjectNode status = object(
                "A `google.rpc.Status`: the gRPC code of the HTTP status, and a message"
                        + " starting with the same stable code as the ingest problems (`unauthorized: …`)",
                "code",
                "message");
        property(
                status,
                "code",
                "integer",
                "gRPC status code (16 unauthenticated, 3 invalid argument, 8 resource"
                        + " exhausted, 14 unavailable, …)");
        property(status, "message", "string", "`<code>: <title>. <detail>`");
        Map<String, JsonNode> statusBodies = Map.of(protobuf, binary, JSON, status);

        Operation traces = operation(
                        "post", "/v1/traces", "sendOtlpTraces", "ingest", "Send OpenTelemetry GenAI spans (OTLP/HTTP)")
                .description("OTLP/HTTP's traces path: point an exporter's `OTEL_EXPORTER_OTLP_ENDPOINT` at the"
                        + " base URL. Each span following the GenAI semantic conventions becomes one product event"
                        + " (`source` `otlp`, `externalId` `<trace id>:<span id>`, so an exporter's retry is counted"
                        + " once); other spans are ignored. Body limit 5 MiB, also once decompressed"
                        + " (`Content-Encoding: gzip`); at most 1000 model-call spans. docs/opentelemetry.md.")
                .body(protobuf, binary, "An `ExportTraceServiceRequest`, protobuf or OTLP/JSON")
                .alsoBody(JSON, request)
                .answer(
                        200,
                        "Accepted, but for the spans `partialSuccess` counts (the response is empty, or `{}`, when"
                                + " none was rejected)",
                        Map.of(protobuf, binary, JSON, response));
        for (Map.Entry<Integer, String> refusal : Map.of(
                        400, "`malformed_otlp` or `malformed_gzip`",
                        401, "`unauthorized`: missing, unknown or revoked key",
                        403, "`insufficient_scope`: an OAuth access token (spans need an API key)",
                        413, "`body_too_large` (over 5 MiB, as sent or decompressed) or `batch_too_large`",
                        415, "`unsupported_media_type` or `unsupported_content_encoding`",
                        429, "`quota_exceeded` (with `Retry-After`): the workspace's monthly event quota is used up",
                        500, "`internal_error`: nothing was accepted",
                        503, "`unavailable` (with `Retry-After`): Kafka did not acknowledge in time")
                .entrySet()
                .stream()
                .sorted(Map.Entry.comparingByKey())
                .toList()) {
            traces.answer(refusal.getKey(), refusal.getValue(), statusBodies);
        }
    }

    /** One GET per read tool: its path, its input schema's properties as query parameters, its answer. */
    private void reports() {
        for (ReadTool tool : ReadTool.values()) {
            JsonNode input = schemas.get(inputName(tool));
            Operation report = operation("get", tool.path(), tool.toolName(), "reports", "Read tool " + tool.toolName())
                    .description(tool.description())
                    .extension("read-tool", Json.MAPPER.getNodeFactory().stringNode(tool.toolName()));
            JsonNode required = input.path("required");
            for (String name : input.get("properties").propertyNames()) {
                ObjectNode schema =
                        (ObjectNode) input.get("properties").get(name).deepCopy();
                JsonNode description = schema.remove("description");
                boolean isRequired = false;
                for (JsonNode r : required) {
                    isRequired |= r.stringValue().equals(name);
                }
                report.queryParameter(name, isRequired, description == null ? null : description.stringValue(), schema);
            }
            report.answer(200, "The tool's answer", JSON, SchemaComponents.ref(outputName(tool)))
                    .refused(400, "`invalid_parameters`: every problem, each named by its parameter")
                    .refused(503, "`unavailable`");
        }
    }

    private void ask() {
        ObjectNode question = object(null, "question");
        question.put("additionalProperties", false);
        property(question, "question", "string", "The question in words")
                .put("minLength", 1)
                .put("maxLength", 500);
        property(question, "context", "string", "A previous answer's `context`, to ask a follow-up");
        schemas.set("AskRequest", question);
        ObjectNode answer = record("AskAnswer", AskAnswer.class);
        operation("post", "/api/v1/ask", "ask", "ask", "Ask a question in words")
                .description("Answered from exactly one read tool, with how the question was read, the tool call,"
                        + " the tool's answer (`data`, as the report endpoint answers) and a dashboard link. A"
                        + " question Ask cannot map is still 200, with `answered: false` and examples (docs/ask.md).")
                .body(JSON, SchemaComponents.ref("AskRequest"), null)
                .answer(200, "The answer", JSON, answer)
                .refused(400, "`invalid_question`, with every problem")
                .refused(503, "`unavailable`");

        ObjectNode prepare = object(
                "A write action and its fields: create_budget takes the budget's fields"
                        + " (name, scope, scopeValue, period, limitUsd), snooze_alert alertId, hours and reason,"
                        + " create_experiment_guardrail experimentId (docs/actions.md)",
                "action");
        property(prepare, "action", "string", "The kind of action")
                .putArray("enum")
                .add("create_budget")
                .add("snooze_alert")
                .add("create_experiment_guardrail");
        schemas.set("PrepareRequest", prepare);
        operation("post", "/api/v1/ask/actions/prepare", "prepareAction", "ask", "Prepare a write action")
                .description("Nothing is changed: answers a summary, a confirmation token (10 minutes) and the exact"
                        + " phrase to confirm with. Team workspaces only.")
                .body(JSON, SchemaComponents.ref("PrepareRequest"), null)
                .answer(
                        200,
                        "Prepared; nothing was changed",
                        JSON,
                        record("PreparedAction", ActionService.Prepared.class))
                .refused(400, "`invalid_action` or `unknown_action`, with every problem")
                .refused(403, "`plan_required`: not a Team workspace")
                .refused(409, "`budget_limit_reached` or `alert_not_open`")
                .refused(503, "`unavailable`");

        ObjectNode confirm = object(null, "confirmationToken", "confirmationPhrase");
        confirm.put("additionalProperties", false);
        property(confirm, "confirmationToken", "string", "The token prepare answered");
        property(confirm, "confirmationPhrase", "string", "Exactly the phrase prepare answered");
        schemas.set("ConfirmRequest", confirm);
        operation("post", "/api/v1/ask/actions/confirm", "confirmAction", "ask", "Confirm a prepared write action")
                .description("Executes the prepared action once, only with the credential that prepared it; a"
                        + " repeated confirmation returns the stored result (`replayed: true`).")
                .body(JSON, SchemaComponents.ref("ConfirmRequest"), null)
                .answer(
                        200,
                        "Executed (or replayed)",
                        JSON,
                        record("ConfirmedAction", ActionService.Confirmation.class))
                .refused(400, "`invalid_confirmation`, with every problem")
                .refused(403, "`plan_required`, or `other_credential` (prepared with another key or grant)")
                .refused(404, "`unknown_token`")
                .refused(409, "`in_progress`, `budget_limit_reached` or `alert_not_open`")
                .refused(410, "`expired`: more than 10 minutes after prepare")
                .refused(422, "`wrong_phrase`")
                .refused(503, "`unavailable`");
    }

    private void budgetsAndAlerts() {
        String budgetStatus = outputName(ReadTool.BUDGET_STATUS);
        operation("get", "/api/v1/budgets", "listBudgets", "budgets", "List budgets with their status")
                .description("Every budget of the workspace in its current period: the same answer as `budget_status`.")
                .answer(200, "The budgets", JSON, SchemaComponents.ref(budgetStatus))
                .refused(503, "`unavailable`");
        operation("post", "/api/v1/budgets", "createBudget", "budgets", "Create a budget")
                .description("Team workspaces only (checked first; nothing is stored otherwise). At most 100 budgets.")
                .body(JSON, SchemaComponents.defRef(outputName(ReadTool.SAVINGS_RECOMMENDATIONS), "budgetDraft"), null)
                .answer(
                        201,
                        "Created",
                        JSON,
                        SchemaComponents.defRef(budgetStatus, "budget"),
                        "Location",
                        "/api/v1/budgets/{id}")
                .refused(400, "`invalid_budget`, with every problem")
                .refused(403, "`plan_required`")
                .refused(409, "`budget_limit_reached`")
                .refused(503, "`unavailable`");
        operation("get", "/api/v1/budgets/{id}", "getBudget", "budgets", "Read one budget with its status")
                .pathParameter("id", "The budget's id")
                .answer(200, "The budget", JSON, SchemaComponents.defRef(budgetStatus, "budgetStatus"))
                .refused(404, "`unknown_budget`")
                .refused(503, "`unavailable`");
        operation("delete", "/api/v1/budgets/{id}", "deleteBudget", "budgets", "Delete a budget")
                .description("Team workspaces only.")
                .pathParameter("id", "The budget's id")
                .answer(204, "Deleted")
                .refused(403, "`plan_required`")
                .refused(404, "`unknown_budget`")
                .refused(503, "`unavailable`");

        ObjectNode snooze = object(null, "hours", "reason");
        snooze.put("additionalProperties", false);
        property(snooze, "hours", "number", "How long, in hours (fractions allowed), at most 30 days")
                .put("exclusiveMinimum", 0)
                .put("maximum", (int) AlertSnooze.MAX_SNOOZE.toHours());
        property(snooze, "reason", "string", "Why, for whoever sees the alert next")
                .put("minLength", 1)
                .put("maxLength", AlertSnooze.MAX_REASON_LENGTH);
        schemas.set("SnoozeRequest", snooze);
        operation("post", "/api/v1/alerts/{id}/snooze", "snoozeAlert", "budgets", "Snooze an open alert")
                .description("Team workspaces only (docs/alerts.md).")
                .pathParameter("id", "The alert's id")
                .body(JSON, SchemaComponents.ref("SnoozeRequest"), null)
                .answer(200, "Snoozed", JSON, record("AlertSnooze", AlertSnooze.class))
                .refused(400, "`invalid_snooze`, with every problem")
                .refused(403, "`plan_required`")
                .refused(404, "`unknown_alert`: no open alert with this id")
                .refused(503, "`unavailable`");
        operation("delete", "/api/v1/alerts/{id}/snooze", "unsnoozeAlert", "budgets", "End an alert's snooze")
                .description("Team workspaces only.")
                .pathParameter("id", "The alert's id")
                .answer(204, "No longer snoozed")
                .refused(403, "`plan_required`")
                .refused(404, "`unknown_alert`")
                .refused(503, "`unavailable`");
    }

    private void webhooks() {
        ObjectNode request = object(null, "url");
        request.put("additionalProperties", false);
        property(request, "url", "string", "Where to deliver: https, or http to loopback where allowed")
                .put("format", "uri");
        request.withObject("properties")
                .set(
                        "alertTypes",
                        names(AlertType.values()).put("description", "The alert types to deliver; all when left out"));
        request.withObject("properties")
                .set(
                        "severities",
                        names(AlertSeverity.values())
                                .put("description", "The severities to deliver; all when left out"));
        schemas.set("WebhookRequest", request);
        ObjectNode view = record("Webhook", WebhookView.class);
        ObjectNode withSecret = record("WebhookWithSecret", WebhookView.WithSecret.class);
        String id = "The endpoint's id";

        operation("post", "/api/v1/webhooks", "createWebhook", "webhooks", "Add a webhook endpoint")
                .description("The signing secret is in this answer only. At most 20 endpoints.")
                .body(JSON, SchemaComponents.ref("WebhookRequest"), null)
                .answer(201, "Created", JSON, withSecret, "Location", "/api/v1/webhooks/{id}")
                .refused(400, "`invalid_webhook`, with every problem (a refused address on `/url`)")
                .refused(409, "`too_many_webhooks`");
        ObjectNode list = object(null, "webhooks");
        list.withObject("properties").putObject("webhooks").put("type", "array").set("items", view);
        operation("get", "/api/v1/webhooks", "listWebhooks", "webhooks", "List webhook endpoints")
                .answer(200, "The endpoints, never a secret", JSON, list);
        operation("get", "/api/v1/webhooks/{id}", "getWebhook", "webhooks", "Read one webhook endpoint")
                .pathParameter("id", id)
                .answer(200, "The endpoint", JSON, view)
                .refused(404, "`unknown_webhook`");
        operation("delete", "/api/v1/webhooks/{id}", "deleteWebhook", "webhooks", "Delete a webhook endpoint")
                .pathParameter("id", id)
                .answer(204, "Deleted")
                .refused(404, "`unknown_webhook`");
        operation(
                        "post",
                        "/api/v1/webhooks/{id}/rotate-secret",
                        "rotateWebhookSecret",
                        "webhooks",
                        "Rotate an endpoint's signing secret")
                .description("The new secret is in this answer only; the old one also signs for 24 hours.")
                .pathParameter("id", id)
                .answer(200, "Rotated", JSON, withSecret)
                .refused(404, "`unknown_webhook`");
        operation(
                        "post",
                        "/api/v1/webhooks/{id}/enable",
                        "enableWebhook",
                        "webhooks",
                        "Deliver to a disabled endpoint again")
                .pathParameter("id", id)
                .answer(200, "Enabled", JSON, view)
                .refused(404, "`unknown_webhook`");
        operation("post", "/api/v1/webhooks/{id}/test", "testWebhook", "webhooks", "Send one test event now")
                .pathParameter("id", id)
                .answer(
                        200,
                        "What the endpoint answered",
                        JSON,
                        record("WebhookTest", WebhookEndpoints.TestResult.class))
                .refused(404, "`unknown_webhook`");
        ObjectNode attempts = object(null, "attempts");
        attempts.withObject("properties")
                .putObject("attempts")
                .put("type", "array")
                .set("items", record("WebhookAttempt", WebhookAttempt.class));
        operation(
                        "get",
                        "/api/v1/webhooks/{id}/attempts",
                        "listWebhookAttempts",
                        "webhooks",
                        "The last 100 delivery attempts, newest first")
                .pathParameter("id", id)
                .answer(200, "The attempts", JSON, attempts)
                .refused(404, "`unknown_webhook`");
    }

    private void revenue() {
        ObjectNode amount = object(null, "amountUsd");
        amount.put("additionalProperties", false);
        property(amount, "amountUsd", "number", "The customer's revenue in the month, US dollars")
                .put("minimum", 0);
        schemas.set("RevenueRequest", amount);
        ObjectNode entry = record("RevenueEntry", RevenueEntry.class);
        String tenant = "The customer (`tenantId` of the events)";
        String month = "The month, `YYYY-MM`";
        String inQuery = " With the tenant id in the query, for one that cannot be a path segment (holding `/`,"
                + " or `.` / `..`).";
        for (boolean query : new boolean[] {false, true}) {
            String path = query ? "/api/v1/settings/revenue/{month}" : "/api/v1/settings/revenue/{tenantId}/{month}";
            String suffix = query ? "ByQuery" : "";
            Operation put = operation(
                            "put", path, "putRevenue" + suffix, "revenue", "Set a customer's revenue for a month")
                    .description(
                            "Sets one customer's revenue for one month (docs/margin.md)." + (query ? inQuery : ""));
            Operation delete = operation(
                            "delete",
                            path,
                            "deleteRevenue" + suffix,
                            "revenue",
                            "Remove a customer's revenue for a month")
                    .description("Idempotent: removing what is not there is 204 too." + (query ? inQuery : ""));
            for (Operation operation : new Operation[] {put, delete}) {
                if (query) {
                    operation.queryParameter(
                            "tenantId",
                            true,
                            tenant,
                            Json.MAPPER.createObjectNode().put("type", "string"));
                } else {
                    operation.pathParameter("tenantId", tenant);
                }
                operation.pathParameter("month", month);
            }
            put.body(JSON, SchemaComponents.ref("RevenueRequest"), null)
                    .answer(200, "The stored entry", JSON, entry)
                    .refused(400, "`invalid_revenue`, with every problem")
                    .refused(503, "`unavailable`");
            delete.answer(204, "Removed").refused(400, "`invalid_revenue`").refused(503, "`unavailable`");
        }
    }

    /** The workspace's OTLP attribution mapping (docs/opentelemetry.md, "Changing the mapping"). */
    private void otlpMapping() {
        String path = "/api/v1/settings/otlp-mapping";
        ObjectNode request = object("The fields to read from other attributes; a field left out, or null, keeps the"
                + " default. Replaces what the workspace changed before.");
        request.put("additionalProperties", false);
        for (String field : OtlpMapping.FIELDS) {
            ObjectNode names = ((ObjectNode) request.get("properties")).putObject(field);
            names.putArray("type").add("array").add("null");
            names.put(
                    "description",
                    "The attribute names `" + field + "` is read from, in order: the first present"
                            + " wins, each looked up on the span, then on its resource");
            names.put("minItems", 1).put("maxItems", OtlpMapping.MAX_NAMES).put("uniqueItems", true);
            names.putObject("items")
                    .put("type", "string")
                    .put("minLength", 1)
                    .put("maxLength", OtlpMapping.MAX_NAME_LENGTH)
                    .put("pattern", "^[A-Za-z0-9._-]+$");
        }
        schemas.set("OtlpMappingRequest", request);
        ObjectNode view = record("OtlpMapping", OtlpMappingView.class);
        operation("get", path, "getOtlpMapping", "settings", "Read the workspace's OTLP attribution mapping")
                .description("Which span or resource attributes fill each attribution field of the events made"
                        + " from OpenTelemetry spans (`POST /v1/traces`): every field with its names, and the ones"
                        + " this workspace changed.")
                .answer(200, "The mapping", JSON, view);
        operation("put", path, "putOtlpMapping", "settings", "Change the workspace's OTLP attribution mapping")
                .description("Applies to the next export (within `spendline.otlp.mapping-cache-ttl`, 30 s, on a"
                        + " separate gateway). Spans already accepted keep their attribution.")
                .body(JSON, SchemaComponents.ref("OtlpMappingRequest"), null)
                .answer(200, "The mapping now", JSON, view)
                .refused(400, "`invalid_otlp_mapping`, with every problem");
        operation("delete", path, "resetOtlpMapping", "settings", "Go back to the default OTLP attribution mapping")
                .description("Idempotent: resetting the default is 204 too.")
                .answer(204, "Reset");
    }

    private void experiments() {
        operation("get", "/api/v1/experiments", "listExperiments", "experiments", "List experiments")
                .description("The experiments seen in the events (`metadata.experimentId`, `metadata.variant`), each"
                        + " variant's calls, successes and cost, the guardrail and its shadow decisions.")
                .answer(200, "The experiments", JSON, record("Experiments", ExperimentsReport.class))
                .refused(503, "`unavailable`");
        operation("get", "/api/v1/experiments/{experimentId}", "getExperiment", "experiments", "Read one experiment")
                .pathParameter("experimentId", "The experiment's id, as the events name it")
                .answer(200, "The experiment", JSON, record("Experiment", ExperimentSummary.class))
                .refused(404, "`unknown_experiment`")
                .refused(503, "`unavailable`");
    }

    private void document() {
        ObjectNode any = Json.MAPPER.createObjectNode();
        any.put("type", "object").put("description", "An OpenAPI 3.1 document");
        operation("get", PATH, "getOpenApiDocument", "meta", "This document")
                .description("Public: no credential needed. The same for every caller; paths are relative to the"
                        + " base URL it was read from.")
                .open()
                .answer(200, "The OpenAPI document", JSON, any);
    }

    private void mcp() {
        ObjectNode message = object(
                "A JSON-RPC 2.0 request or notification (MCP 2025-11-25; 2025-06-18 and 2025-03-26" + " are accepted)",
                "jsonrpc",
                "method");
        property(message, "jsonrpc", "string", null).putArray("enum").add("2.0");
        property(message, "method", "string", "e.g. initialize, tools/list, tools/call");
        message.withObject("properties")
                .putObject("id")
                .putArray("type")
                .add("string")
                .add("integer");
        property(message, "params", "object", null);
        schemas.set("JsonRpcMessage", message);
        ObjectNode reply = object(
                "A JSON-RPC 2.0 response: `result`, or `error` (-32700, -32600, -32602, -32603 with"
                        + " an incident id)",
                "jsonrpc");
        property(reply, "jsonrpc", "string", null).putArray("enum").add("2.0");
        reply.withObject("properties")
                .putObject("id")
                .putArray("type")
                .add("string")
                .add("integer")
                .add("null");
        property(reply, "result", "object", null);
        property(reply, "error", "object", null);
        schemas.set("JsonRpcResponse", reply);

        ArrayNode tools = Json.MAPPER.createArrayNode();
        for (ReadTool tool : ReadTool.values()) {
            ObjectNode t = tools.addObject();
            t.put("name", tool.toolName());
            t.set("inputSchema", SchemaComponents.ref(inputName(tool)));
            t.set("outputSchema", SchemaComponents.ref(outputName(tool)));
        }
        tools.addObject().put("name", "prepare_write_action").put("plan", "TEAM");
        tools.addObject().put("name", "confirm_write_action").put("plan", "TEAM");
        StringBuilder names = new StringBuilder();
        for (ReadTool tool : ReadTool.values()) {
            names.append(names.isEmpty() ? "" : ", ")
                    .append('`')
                    .append(tool.toolName())
                    .append('`');
        }
        operation("post", OAuthUrls.MCP_PATH, "mcp", "mcp", "MCP over streamable HTTP (stateless)")
                .description("Model Context Protocol, stateless streamable HTTP: POST only (GET and DELETE are 405"
                        + " with `Allow: POST`), body limit 256 KiB. Tools: the read tools " + names
                        + " (input and output schemas as the reports', listed in `x-mcp-tools`), and on Team"
                        + " workspaces `prepare_write_action` and `confirm_write_action`. An interactive client"
                        + " authenticates with OAuth (discovery from the 401's `WWW-Authenticate`); an unattended"
                        + " one may send an API key (docs/mcp.md).")
                .security(OAUTH, OAuthUrls.MCP_SCOPE)
                .security(API_KEY)
                .header("Accept", false, "`application/json, text/event-stream`, as MCP clients send it")
                .body(JSON, SchemaComponents.ref("JsonRpcMessage"), null)
                .answer(200, "The JSON-RPC response", JSON, SchemaComponents.ref("JsonRpcResponse"))
                .answer(202, "A notification or a response was received (no body)")
                .refused(401, "`unauthorized`, with `WWW-Authenticate: Bearer resource_metadata=\"…\"`")
                .refused(403, "`origin_not_allowed`: a browser Origin that is not allowed")
                .refused(413, "`body_too_large` (over 256 KiB)")
                .extension("mcp-tools", tools);
    }

    private void oauth() {
        ObjectNode metadata = object(
                "Authorization server metadata (RFC 8414; OpenID Connect discovery for the"
                        + " openid-configuration path)",
                "issuer");
        property(metadata, "issuer", "string", null).put("format", "uri");
        property(metadata, "authorization_endpoint", "string", null).put("format", "uri");
        property(metadata, "token_endpoint", "string", null).put("format", "uri");
        property(metadata, "registration_endpoint", "string", null).put("format", "uri");
        property(metadata, "code_challenge_methods_supported", "array", null)
                .putObject("items")
                .put("type", "string");
        schemas.set("AuthorizationServerMetadata", metadata);
        ObjectNode resource = object("Protected resource metadata (RFC 9728)", "resource", "authorization_servers");
        property(resource, "resource", "string", "`{base_url}/api/mcp`").put("format", "uri");
        property(resource, "authorization_servers", "array", null)
                .putObject("items")
                .put("type", "string");
        schemas.set("ProtectedResourceMetadata", resource);
        ObjectNode any = Json.MAPPER.createObjectNode().put("type", "object");
        JsonNode oauthError = SchemaComponents.ref("OAuthError");

        for (String path :
                new String[] {OAuthUrls.RESOURCE_METADATA_PATH, OAuthUrls.RESOURCE_METADATA_PATH + OAuthUrls.MCP_PATH
                }) {
            operation(
                            "get",
                            path,
                            path.endsWith(OAuthUrls.MCP_PATH) ? "mcpResourceMetadata" : "resourceMetadata",
                            "oauth",
                            "Protected resource metadata")
                    .description("Where an MCP client learns which authorization server to use for `/api/mcp`.")
                    .open()
                    .answer(200, "The metadata", JSON, SchemaComponents.ref("ProtectedResourceMetadata"));
        }
        for (String path :
                new String[] {"/.well-known/oauth-authorization-server", "/.well-known/openid-configuration"}) {
            operation(
                            "get",
                            path,
                            path.contains("openid") ? "openIdConfiguration" : "authorizationServerMetadata",
                            "oauth",
                            "Authorization server metadata")
                    .open()
                    .answer(200, "The metadata", JSON, SchemaComponents.ref("AuthorizationServerMetadata"));
        }
        operation("get", "/oauth2/jwks", "jwks", "oauth", "The keys that sign access tokens")
                .open()
                .answer(200, "A JWK set", JSON, any);

        ObjectNode registration = object(
                "Client metadata (RFC 7591): public clients only (token_endpoint_auth_method"
                        + " none); redirect URIs https, loopback http on any port, or a reverse-domain private-use scheme",
                "redirect_uris");
        property(registration, "redirect_uris", "array", null)
                .putObject("items")
                .put("type", "string");
        property(registration, "client_name", "string", null);
        property(registration, "grant_types", "array", null).putObject("items").put("type", "string");
        property(registration, "token_endpoint_auth_method", "string", null);
        operation("post", "/oauth2/register", "registerClient", "oauth", "Register a client (dynamic registration)")
                .description("Open registration (RFC 7591), as MCP clients need it; rate-limited per address.")
                .open()
                .body(JSON, registration, null)
                .answer(201, "Registered", JSON, any)
                .answer(400, "`invalid_redirect_uri` or `invalid_client_metadata`", JSON, oauthError)
                .answer(429, "Too many registrations from this address", JSON, oauthError);

        Operation authorize = operation("get", "/oauth2/authorize", "authorize", "oauth", "Start an authorization")
                .description("Opened in the user's browser: signs the user in, shows the consent page where the"
                        + " workspace is picked, and redirects to `redirect_uri` with a code. PKCE S256 is"
                        + " required; `resource` (RFC 8707) names what the token is for.")
                .open();
        for (String name :
                new String[] {"response_type", "client_id", "redirect_uri", "code_challenge", "code_challenge_method"
                }) {
            authorize.queryParameter(
                    name, true, null, Json.MAPPER.createObjectNode().put("type", "string"));
        }
        for (String name : new String[] {"scope", "state", "resource"}) {
            authorize.queryParameter(
                    name, false, null, Json.MAPPER.createObjectNode().put("type", "string"));
        }
        authorize
                .answer(302, "To the sign-in or consent page, or back to the client's `redirect_uri`")
                .answer(400, "An invalid request that cannot be sent back to the client", JSON, oauthError);

        ObjectNode tokenRequest = object(
                "authorization_code (with code_verifier), refresh_token, or"
                        + " urn:ietf:params:oauth:grant-type:device_code",
                "grant_type");
        for (String name : new String[] {
            "grant_type",
            "client_id",
            "code",
            "redirect_uri",
            "code_verifier",
            "refresh_token",
            "device_code",
            "resource"
        }) {
            property(tokenRequest, name, "string", null);
        }
        ObjectNode tokens = object(null, "access_token", "token_type");
        property(tokens, "access_token", "string", "A JWT");
        property(tokens, "token_type", "string", null);
        property(tokens, "expires_in", "integer", null);
        property(tokens, "refresh_token", "string", "Rotated on every refresh");
        property(tokens, "scope", "string", null);
        operation("post", "/oauth2/token", "token", "oauth", "Exchange a code, refresh token or device code for tokens")
                .open()
                .body(FORM, tokenRequest, null)
                .answer(200, "Tokens", JSON, tokens)
                .answer(400, "`invalid_grant`, `invalid_request`, `authorization_pending`, …", JSON, oauthError)
                .answer(401, "`invalid_client`: an unknown client, or one that did not authenticate (no body)");

        ObjectNode revokeRequest = object(null, "token");
        property(revokeRequest, "token", "string", null);
        property(revokeRequest, "token_type_hint", "string", null);
        property(revokeRequest, "client_id", "string", null);
        operation("post", "/oauth2/revoke", "revoke", "oauth", "Revoke a token (RFC 7009)")
                .open()
                .body(FORM, revokeRequest, null)
                .answer(200, "Revoked (also for a token that was not valid)")
                .answer(400, "`invalid_request`", JSON, oauthError)
                .answer(401, "`invalid_client`: an unknown client, or one that did not authenticate (no body)");

        ObjectNode introspectRequest = object(null, "token");
        property(introspectRequest, "token", "string", null);
        property(introspectRequest, "token_type_hint", "string", null);
        ObjectNode introspection = object(null, "active");
        property(introspection, "active", "boolean", "Whether the token is valid now");
        operation("post", "/oauth2/introspect", "introspect", "oauth", "Introspect a token (RFC 7662)")
                .description("For an authenticated client only; Spendline's own clients are public, so this answers"
                        + " `invalid_client` to them.")
                .open()
                .body(FORM, introspectRequest, null)
                .answer(200, "What the token is", JSON, introspection)
                .answer(400, "`invalid_request`", JSON, oauthError)
                .answer(401, "`invalid_client`: an unknown client, or one that did not authenticate (no body)");

        ObjectNode deviceRequest = object(null, "client_id");
        property(deviceRequest, "client_id", "string", null);
        property(deviceRequest, "scope", "string", null);
        ObjectNode device = object(null, "device_code", "user_code", "verification_uri");
        for (String name : new String[] {"device_code", "user_code", "verification_uri", "verification_uri_complete"}) {
            property(device, name, "string", null);
        }
        property(device, "expires_in", "integer", null);
        property(device, "interval", "integer", null);
        operation(
                        "post",
                        "/oauth2/device_authorization",
                        "deviceAuthorization",
                        "oauth",
                        "Start a device authorization (RFC 8628)")
                .description("Used by the collector's `--no-browser` setup.")
                .open()
                .body(FORM, deviceRequest, null)
                .answer(200, "The codes", JSON, device)
                .answer(400, "`invalid_request` or `invalid_scope`", JSON, oauthError)
                .answer(401, "`invalid_client`: an unknown client, or one that did not authenticate (no body)");
    }

    /**
     * The refusals every operation of a kind can answer, added where an operation names none of its own:
     * 401 to every operation that needs a credential, 413 and 415 to every JSON body, 500 to all; then
     * each operation's answers in the order of their status.
     */
    private void commonAnswers() {
        for (String path : paths.propertyNames()) {
            for (JsonNode node : paths.get(path)) {
                ObjectNode operation = (ObjectNode) node;
                ObjectNode responses = (ObjectNode) operation.get("responses");
                JsonNode security = operation.get("security");
                if (security == null || !security.isEmpty()) {
                    common(responses, 401, "`unauthorized`");
                }
                if (operation.has("requestBody")) {
                    // The body limit is checked before any chain, so the OAuth endpoints answer it too.
                    common(responses, 413, "`body_too_large`");
                }
                if (operation.at("/requestBody/content").has(JSON)
                        && !operation.at("/tags/0").stringValue().equals("oauth")) {
                    common(responses, 415, "`unsupported_media_type`");
                }
                common(responses, 500, "`internal_error`");
                Map<String, JsonNode> byStatus = new TreeMap<>();
                responses.properties().forEach(answer -> byStatus.put(answer.getKey(), answer.getValue()));
                responses.removeAll();
                responses.setAll(byStatus);
            }
        }
    }

    private static void common(ObjectNode responses, int status, String description) {
        if (!responses.has(String.valueOf(status))) {
            responses.set(String.valueOf(status), problemAnswer(status, description));
        }
    }

    /** The problem answer of {@code status} (described once under components/responses), saying when. */
    static ObjectNode problemAnswer(int status, String when) {
        ObjectNode ref = Json.MAPPER.createObjectNode();
        ref.put("$ref", "#/components/responses/" + problemResponse(status));
        ref.put("description", when);
        return ref;
    }

    /** Outgoing messages: what a webhook endpoint receives (OpenAPI's webhooks). */
    private void webhookMessages(ObjectNode webhooks) {
        new Operation(
                        webhooks.putObject("alert").putObject("post"),
                        "alertWebhook",
                        "webhooks",
                        "An alert opened, updated or resolved")
                .description(
                        "Sent to each enabled endpoint whose filters match, signed as Standard Webhooks"
                                + " (`webhook-id`, `webhook-timestamp`, `webhook-signature`); retried on failure (docs/webhooks.md).")
                .open()
                .body(JSON, SchemaComponents.ref(PublishedSchemas.WEBHOOK_EVENT.schemaName()), null)
                .answer(200, "Any 2xx: delivered");
    }
}
