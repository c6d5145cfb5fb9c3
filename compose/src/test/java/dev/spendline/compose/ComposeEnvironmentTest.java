package dev.spendline.compose;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.yaml.snakeyaml.Yaml;

/**
 * Every environment variable {@code compose/docker-compose.yml} sets on a Spendline service is one
 * that service reads. A Spring Boot service ignores an unknown variable without a word, so a typo
 * ({@code SPENDLINE_STREAMS_NUMSTANDBYREPLICA}) or a variable on the wrong service would silently
 * leave a default in place (no standby, state in /tmp, no static membership).
 *
 * <p>A Spendline service is a compose service with a build argument {@code MODULE}. What a module
 * reads is collected from the sources of the module and of the modules it runs with: the
 * {@code @ConfigurationProperties} records (prefix + component names), the keys of {@code @Value}
 * placeholders, {@code *_PROPERTY} constants, and {@code application*.yml} files; plus an explicit
 * list of Spring Boot's own properties and JVM variables the compose file uses ({@link #STANDARD}).
 * A variable matches a property the way Spring Boot binds environment variables: lower case,
 * {@code _} for {@code .}, dashes removed ({@code SPENDLINE_STREAMS_NUMSTANDBYREPLICAS} is
 * {@code spendline.streams.num-standby-replicas}); {@code SPENDLINE_STREAMS_NUM_STANDBY_REPLICAS}
 * does not bind to a properties record and is refused.
 */
class ComposeEnvironmentTest {

    private static final Path ROOT = Path.of("").toAbsolutePath().getParent();
    private static final Path COMPOSE_FILE = ROOT.resolve("compose/docker-compose.yml");

    /** The modules whose code runs in each service's jar (its own and the Spendline modules it depends on). */
    private static final Map<String, List<String>> MODULES = Map.of(
            "gateway", List.of("gateway", "control-plane", "internal-api", "topics", "contracts"),
            "streams-app", List.of("streams-app", "internal-api", "topics", "contracts"),
            "query-api", List.of("query-api", "control-plane", "internal-api", "topics", "contracts"));

    /**
     * Spring Boot's and the JVM's own settings the compose file uses, by module: none of them appears
     * in Spendline's code, each is documented by Spring Boot (or the JDK) and applies to that service.
     */
    private static final Map<String, Set<String>> STANDARD = Map.of(
            "gateway",
            Set.of(
                    "server.port", // Spring Boot web server (Netty); ServiceDefaults' default 8081
                    "server.address", // 127.0.0.1 by default (ServiceDefaults); 0.0.0.0 in a container
                    "server.forward-headers-strategy", // trust the proxy's X-Forwarded-*
                    "management.server.port", // the internal port (actuator)
                    "management.server.address",
                    "spring.datasource.url", // control plane (spring-boot-starter-jdbc): API keys
                    "spring.datasource.username",
                    "spring.datasource.password",
                    "JAVA_TOOL_OPTIONS"), // read by the JVM itself, not by Spring
            "streams-app",
            Set.of(
                    "server.port",
                    "server.address",
                    "management.server.port", // the internal port: instance-to-instance queries
                    "management.server.address",
                    "JAVA_TOOL_OPTIONS"),
            "query-api",
            Set.of(
                    "server.port",
                    "server.address",
                    "server.forward-headers-strategy",
                    "server.servlet.session.cookie.secure", // the dashboard session cookie (Tomcat)
                    "management.server.port",
                    "management.server.address",
                    "spring.datasource.url", // control plane and Spring Session JDBC
                    "spring.datasource.username",
                    "spring.datasource.password",
                    "JAVA_TOOL_OPTIONS"));

    @Test
    void everyVariableOfEverySpendlineServiceIsReadByThatService() {
        Map<String, Map<String, String>> services = spendlineServices(read(COMPOSE_FILE));

        assertThat(services.keySet())
                .as("the compose file's Spendline services")
                .containsExactlyInAnyOrder(
                        "gateway-1", "gateway-2", "streams-app-1", "streams-app-2", "query-api-1", "query-api-2");
        assertThat(unknownVariables(services)).isEmpty();
    }

    @Test
    void everyVariableTheDockerfileSetsIsReadByEveryService() {
        List<String> variables = dockerfileVariables(read(ROOT.resolve("compose/Dockerfile")));

        assertThat(variables).contains("SERVER_PORT", "SERVER_ADDRESS", "MANAGEMENT_SERVER_PORT");
        for (String module : MODULES.keySet()) {
            Set<String> known = knownProperties(module);
            assertThat(variables)
                    .as("Dockerfile variables %s does not read", module)
                    .allSatisfy(variable ->
                            assertThat(binds(variable, known)).as(variable).isTrue());
        }
    }

    @Test
    void aTypoInAVariableNameFailsNamingIt() {
        String compose = read(COMPOSE_FILE);
        String typo = compose.replace("SPENDLINE_STREAMS_NUMSTANDBYREPLICAS:", "SPENDLINE_STREAMS_NUMSTANDBYREPLICA:");
        assertThat(typo).isNotEqualTo(compose);

        assertThatThrownBy(() ->
                        assertThat(unknownVariables(spendlineServices(typo))).isEmpty())
                .isInstanceOf(AssertionError.class)
                .hasMessageContaining("streams-app-1: SPENDLINE_STREAMS_NUMSTANDBYREPLICA")
                .hasMessageContaining("streams-app-2: SPENDLINE_STREAMS_NUMSTANDBYREPLICA");
    }

    @Test
    void underscoresForDashesAndVariablesOfAnotherServiceAreRefused() {
        String compose = read(COMPOSE_FILE)
                .replace("SPENDLINE_STREAMS_INSTANCEID: streams-app-2", "SPENDLINE_STREAMS_INSTANCE_ID: streams-app-2")
                .replace("SPENDLINE_GATEWAY_STREAMSURL:", "SPENDLINE_QUERY_STREAMSURL:");

        assertThat(unknownVariables(spendlineServices(compose)))
                .containsExactlyInAnyOrder(
                        "streams-app-2: SPENDLINE_STREAMS_INSTANCE_ID",
                        "gateway-1: SPENDLINE_QUERY_STREAMSURL",
                        "gateway-2: SPENDLINE_QUERY_STREAMSURL");
    }

    @Test
    void collectsThePropertiesOfTheRecordsAndPlaceholders() {
        Set<String> streams = knownProperties("streams-app");
        assertThat(streams)
                .contains(
                        "spendline.streams.num-standby-replicas",
                        "spendline.streams.advertised-url",
                        "spendline.streams.instance-id",
                        "spendline.kafka.bootstrap-servers",
                        "spendline.kafka.partitions", // the topics module's record, shared by the services
                        "spendline.kafka.events-retention",
                        "spendline.internal.secret");
        assertThat(knownProperties("gateway")).contains("spendline.kafka.create-topics", "spendline.kafka.partitions");
        assertThat(knownProperties("query-api"))
                .contains("spendline.slack.token-encryption-keys.*", "spendline.base-url");
        assertThat(knownProperties("gateway"))
                .contains("spendline.ingest.max-batch-items", "spendline.gateway.streams-url");
    }

    /** "service: VARIABLE" for every variable a Spendline service is given that it does not read. */
    static List<String> unknownVariables(Map<String, Map<String, String>> services) {
        List<String> unknown = new ArrayList<>();
        Map<String, Set<String>> knownByModule = new LinkedHashMap<>();
        services.forEach((service, env) -> {
            String module = env.get(MODULE_KEY);
            Set<String> known = knownByModule.computeIfAbsent(module, ComposeEnvironmentTest::knownProperties);
            for (String variable : env.keySet()) {
                if (!variable.equals(MODULE_KEY) && !binds(variable, known)) {
                    unknown.add(service + ": " + variable);
                }
            }
        });
        return unknown;
    }

    /** The variable names the {@code ENV} instructions of a Dockerfile set (continuation lines included). */
    static List<String> dockerfileVariables(String dockerfile) {
        List<String> names = new ArrayList<>();
        Matcher env = Pattern.compile("(?m)^ENV\\s+((?:.*\\\\\\n)*.*)$").matcher(dockerfile);
        while (env.find()) {
            Matcher name = Pattern.compile("(?:^|\\s)([A-Z][A-Z0-9_]*)=").matcher(env.group(1));
            while (name.find()) {
                names.add(name.group(1));
            }
        }
        return names;
    }

    private static final String MODULE_KEY = "\0module";

    /** Whether Spring Boot binds {@code variable} to one of {@code known} (a trailing {@code .*} is a map). */
    static boolean binds(String variable, Set<String> known) {
        if (known.contains(variable)) {
            return true;
        }
        String asProperty = variable.toLowerCase(Locale.ROOT).replace('_', '.');
        for (String property : known) {
            boolean map = property.endsWith(".*");
            String canonical = canonical(map ? property.substring(0, property.length() - 2) : property);
            if (map
                    ? asProperty.startsWith(canonical + ".") && asProperty.length() > canonical.length() + 1
                    : asProperty.equals(canonical)) {
                return true;
            }
        }
        return false;
    }

    private static String canonical(String property) {
        return property.toLowerCase(Locale.ROOT).replace("-", "");
    }

    /** Compose services with a build argument MODULE: name → environment (plus the module under MODULE_KEY). */
    @SuppressWarnings("unchecked")
    static Map<String, Map<String, String>> spendlineServices(String composeYaml) {
        Map<String, Object> compose = new Yaml().load(composeYaml);
        Map<String, Object> services = (Map<String, Object>) compose.get("services");
        Map<String, Map<String, String>> result = new LinkedHashMap<>();
        services.forEach((name, value) -> {
            Map<String, Object> service = (Map<String, Object>) value;
            if (!(service.get("build") instanceof Map<?, ?> build)
                    || !(build.get("args") instanceof Map<?, ?> args)
                    || args.get("MODULE") == null) {
                return;
            }
            String module = String.valueOf(args.get("MODULE"));
            assertThat(MODULES).as("module of service " + name).containsKey(module);
            Map<String, String> env = new LinkedHashMap<>();
            Object environment = service.get("environment");
            if (environment instanceof Map<?, ?> map) {
                map.forEach((k, v) -> env.put(String.valueOf(k), String.valueOf(v)));
            } else if (environment instanceof List<?> list) {
                for (Object entry : list) {
                    String[] kv = String.valueOf(entry).split("=", 2);
                    env.put(kv[0], kv.length > 1 ? kv[1] : "");
                }
            }
            env.put(MODULE_KEY, module);
            result.put(name, env);
        });
        return result;
    }

    private static final Pattern PROPERTIES_RECORD = Pattern.compile(
            "@ConfigurationProperties\\(\\s*(?:prefix\\s*=\\s*|value\\s*=\\s*)?\"([^\"]+)\"\\s*\\)"
                    + "[^{;]*?\\brecord\\s+\\w+\\s*\\((.*?)\\)\\s*(?:implements[^{]*)?\\{",
            Pattern.DOTALL);
    private static final Pattern PLACEHOLDER = Pattern.compile("\\$\\{([a-z][a-z0-9.-]*[a-z0-9])");
    private static final Pattern PROPERTY_CONSTANT =
            Pattern.compile("static\\s+final\\s+String\\s+\\w+_PROPERTY\\s*=\\s*\"([a-z][a-z0-9.-]*)\"");

    /** What the code of the service built from {@code module} reads, as property names. */
    static Set<String> knownProperties(String module) {
        Set<String> known = new TreeSet<>(STANDARD.get(module));
        for (String dependency : MODULES.get(module)) {
            Path main = ROOT.resolve(dependency).resolve("src/main");
            for (Path file : files(main.resolve("java"), ".java")) {
                String source = read(file);
                Matcher record = PROPERTIES_RECORD.matcher(source);
                while (record.find()) {
                    for (String component : components(record.group(2))) {
                        known.add(record.group(1) + "." + component);
                    }
                }
                Matcher placeholder = PLACEHOLDER.matcher(source);
                while (placeholder.find()) {
                    known.add(placeholder.group(1));
                }
                Matcher constant = PROPERTY_CONSTANT.matcher(source);
                while (constant.find()) {
                    known.add(constant.group(1));
                }
            }
            for (Path file : files(main.resolve("resources"), ".yml")) {
                if (file.getFileName().toString().startsWith("application")) {
                    flatten("", new Yaml().load(read(file)), known);
                }
            }
        }
        return known;
    }

    /** The kebab-case property names of a record header's components; {@code Map} components end in {@code .*}. */
    private static List<String> components(String header) {
        String plain = header.replaceAll("@\\w+(\\([^)]*\\))?", " ");
        List<String> names = new ArrayList<>();
        int depth = 0;
        StringBuilder current = new StringBuilder();
        for (char c : (plain + ",").toCharArray()) {
            if (c == '<') {
                depth++;
            } else if (c == '>') {
                depth--;
            }
            if (c == ',' && depth == 0) {
                String component = current.toString().trim();
                if (!component.isEmpty()) {
                    String[] words = component.split("\\s+");
                    String name = kebab(words[words.length - 1]);
                    names.add(component.matches("(?s)(java\\.util\\.)?Map\\s*<.*") ? name + ".*" : name);
                }
                current.setLength(0);
            } else {
                current.append(c);
            }
        }
        return names;
    }

    private static String kebab(String camel) {
        return camel.replaceAll("([a-z0-9])([A-Z])", "$1-$2").toLowerCase(Locale.ROOT);
    }

    @SuppressWarnings("unchecked")
    private static void flatten(String prefix, Object yaml, Set<String> into) {
        if (yaml instanceof Map<?, ?> map) {
            map.forEach((k, v) -> flatten(prefix.isEmpty() ? String.valueOf(k) : prefix + "." + k, v, into));
        } else if (!prefix.isEmpty()) {
            into.add(prefix);
        }
    }

    private static List<Path> files(Path dir, String suffix) {
        if (!Files.isDirectory(dir)) {
            return List.of();
        }
        try (Stream<Path> walk = Files.walk(dir)) {
            return walk.filter(p -> p.toString().endsWith(suffix)).sorted().toList();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static String read(Path file) {
        try {
            return Files.readString(file);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
