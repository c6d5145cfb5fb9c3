package dev.spendline.ask;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * Ask is plain Java over {@code contracts}: no Spring, no query-api, no control plane. Its sources
 * import only the JDK, contracts, Jackson (what contracts brings) and Ask itself, its pom depends on
 * contracts alone, and Spring is not even on its class path, so a server concern cannot creep in.
 */
class AskModuleDependenciesTest {

    private static final Path SOURCES = Path.of("src", "main", "java");
    private static final Pattern IMPORT = Pattern.compile("^import (?:static )?([\\w.]+)[\\w.*]*;", Pattern.MULTILINE);
    private static final List<String> ALLOWED = List.of(
            "java.", "dev.spendline.ask.", "dev.spendline.contracts.", "tools.jackson.", "com.fasterxml.jackson.");

    @Test
    void theSourcesImportOnlyTheJdkContractsJacksonAndAsk() throws IOException {
        List<String> imports = imports();
        assertThat(imports).as("imports of src/main/java").isNotEmpty();
        assertThat(imports)
                .as("Ask must not depend on Spring, query-api or the control plane")
                .allSatisfy(name -> assertThat(ALLOWED)
                        .anySatisfy(prefix -> assertThat(name).startsWith(prefix)));
    }

    @Test
    void noSourceNamesSpringQueryApiOrTheControlPlaneEvenFullyQualified() throws IOException {
        try (Stream<Path> files = Files.walk(SOURCES)) {
            for (Path file : files.filter(f -> f.toString().endsWith(".java")).toList()) {
                assertThat(Files.readString(file))
                        .as(file.toString())
                        .doesNotContain("org.springframework")
                        .doesNotContain("dev.spendline.query.")
                        .doesNotContain("dev.spendline.controlplane.");
            }
        }
    }

    @Test
    void thePomDependsOnContractsAloneOutsideTests() throws IOException {
        String pom = Files.readString(Path.of("pom.xml"));
        Matcher dependency = Pattern.compile("<dependency>(.*?)</dependency>", Pattern.DOTALL)
                .matcher(pom);
        List<String> compile = new ArrayList<>();
        while (dependency.find()) {
            String body = dependency.group(1);
            if (!body.contains("<scope>test</scope>")) {
                Matcher artifact =
                        Pattern.compile("<artifactId>(.+?)</artifactId>").matcher(body);
                assertThat(artifact.find()).as(body).isTrue();
                compile.add(artifact.group(1));
            }
        }
        assertThat(compile).containsExactly("contracts");
    }

    @Test
    void springIsNotOnTheClassPath() {
        assertThatThrownBy(() -> Class.forName("org.springframework.context.ApplicationContext"))
                .isInstanceOf(ClassNotFoundException.class);
    }

    private static List<String> imports() throws IOException {
        List<String> names = new ArrayList<>();
        try (Stream<Path> files = Files.walk(SOURCES)) {
            for (Path file : files.filter(f -> f.toString().endsWith(".java")).toList()) {
                Matcher m = IMPORT.matcher(Files.readString(file));
                while (m.find()) {
                    names.add(m.group(1));
                }
            }
        }
        return names;
    }
}
