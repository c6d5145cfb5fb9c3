package dev.spendline.client;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import javax.xml.parsers.DocumentBuilderFactory;
import org.junit.jupiter.api.Test;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.NodeList;

/**
 * The pom that is installed and deployed (written by the flatten plugin before the tests run):
 * applications get this library without Spring Boot's parent and with one small dependency.
 */
class PublishedPomTest {

    @Test
    void thePublishedPomHasNoParentAndOnlyJacksonCore() throws Exception {
        Path pom = Path.of(".flattened-pom.xml");
        assertThat(pom)
                .as("written by flatten-maven-plugin in process-resources")
                .exists();
        DocumentBuilderFactory factory = DocumentBuilderFactory.newInstance();
        factory.setNamespaceAware(true);
        Document doc = factory.newDocumentBuilder().parse(Files.newInputStream(pom));

        assertThat(doc.getElementsByTagNameNS("*", "parent").getLength()).isZero();
        List<String> dependencies = new ArrayList<>();
        NodeList nodes = doc.getElementsByTagNameNS("*", "dependency");
        for (int i = 0; i < nodes.getLength(); i++) {
            Element d = (Element) nodes.item(i);
            dependencies.add(text(d, "groupId") + ":" + text(d, "artifactId") + ":" + text(d, "version") + ":"
                    + text(d, "scope"));
        }
        assertThat(dependencies)
                .singleElement()
                .asString()
                .matches("tools\\.jackson\\.core:jackson-core:3\\.[0-9.]+:compile");
        assertThat(text(doc.getDocumentElement(), "artifactId")).isEqualTo("spendline-client");
        assertThat(doc.getElementsByTagNameNS("*", "developer").getLength()).isEqualTo(1);
        assertThat(Files.readString(pom)).doesNotContain("spring");
    }

    private static String text(Element parent, String child) {
        NodeList nodes = parent.getElementsByTagNameNS("*", child);
        return nodes.getLength() == 0 ? null : nodes.item(0).getTextContent().trim();
    }
}
