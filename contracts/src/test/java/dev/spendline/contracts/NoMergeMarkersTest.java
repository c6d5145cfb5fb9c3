package dev.spendline.contracts;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * A merge that left its conflict markers in a document or a source file fails here, in the fast
 * loop: docs/oauth.md carried both sides of one for a day before anyone read it.
 */
class NoMergeMarkersTest {

    private static final Pattern MARKER = Pattern.compile("^(<{7} |>{7} |={7}$)", Pattern.MULTILINE);

    @Test
    void noDocumentOrSourceHoldsConflictMarkers() throws IOException {
        Path root = Path.of("..").toAbsolutePath().normalize();
        List<String> found = new ArrayList<>();
        try (Stream<Path> files = Files.walk(root)) {
            files.filter(Files::isRegularFile)
                    .filter(NoMergeMarkersTest::isChecked)
                    .forEach(file -> {
                        try {
                            if (MARKER.matcher(Files.readString(file)).find()) {
                                found.add(root.relativize(file).toString());
                            }
                        } catch (IOException | java.io.UncheckedIOException e) {
                            // not text: not a document or source this test is about
                        }
                    });
        }
        assertThat(found).as("files with merge conflict markers").isEmpty();
    }

    private static boolean isChecked(Path file) {
        String path = file.toString().replace('\\', '/');
        if (path.contains("/target/") || path.contains("/node_modules/") || path.contains("/.git/")) {
            return false;
        }
        String name = file.getFileName().toString();
        return name.endsWith(".md")
                || name.endsWith(".java")
                || name.endsWith(".html")
                || name.endsWith(".yml")
                || name.endsWith(".sql")
                || name.endsWith(".json") && path.contains("/src/");
    }
}
