package dev.spendline.query.settings.web;

import static dev.spendline.query.settings.web.PageAssertions.html;
import static dev.spendline.query.settings.web.SettingsPagesTestApplication.viewer;
import static org.assertj.core.api.Assertions.assertThat;
import static org.springframework.security.test.web.servlet.request.SecurityMockMvcRequestPostProcessors.authentication;
import static org.springframework.security.test.web.servlet.request.SecurityMockMvcRequestPostProcessors.csrf;
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.get;
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.multipart;
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.post;

import dev.spendline.controlplane.accounts.Role;
import dev.spendline.controlplane.workspaces.Plan;
import dev.spendline.controlplane.workspaces.Workspace;
import dev.spendline.controlplane.workspaces.WorkspaceRepository;
import dev.spendline.query.settings.web.SettingsPagesTestApplication.KafkaRevenue;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.webmvc.test.autoconfigure.WebMvcTest;
import org.springframework.mock.web.MockMultipartFile;
import org.springframework.test.web.servlet.MockMvc;
import org.springframework.test.web.servlet.MvcResult;

/**
 * {@code /app/settings/revenue}: the table editor and the CSV upload write through the real revenue
 * writer (Kafka replaced by a map, {@link KafkaRevenue}) with the revenue API's rules; an upload
 * with any bad row stores nothing and lists every problem. Today is 2026-11-22 UTC.
 */
@WebMvcTest(controllers = RevenueController.class)
class RevenueControllerTest {

    @Autowired
    MockMvc mvc;

    @Autowired
    WorkspaceRepository workspaces;

    @Autowired
    KafkaRevenue kafka;

    private Workspace workspace;

    @BeforeEach
    void createWorkspace() {
        workspace = workspaces.create("Acme", Plan.FREE);
    }

    @Test
    void anAdminAddsChangesAndDeletesARow() throws Exception {
        MvcResult added = save("acme", "2026-10", "1250.00", Role.ADMIN);
        assertThat(added.getResponse().getRedirectedUrl()).isEqualTo("/app/settings/revenue?month=2026-10");
        assertThat(kafka.rows(workspace.id())).containsExactly("acme 2026-10 1250.00");
        assertThat(page("2026-10", Role.MEMBER))
                .contains("<th scope=\"row\">acme</th><td>2026-10</td><td class=\"num\">$1,250.00</td>");

        save("acme", "2026-10", "99.5", Role.ADMIN);
        assertThat(kafka.rows(workspace.id())).containsExactly("acme 2026-10 99.5");

        MvcResult deleted = mvc.perform(post("/app/settings/revenue/delete")
                        .param("tenant", "acme")
                        .param("month", "2026-10")
                        .with(authentication(viewer(workspace, Role.ADMIN)))
                        .with(csrf()))
                .andReturn();
        assertThat(deleted.getResponse().getStatus()).isEqualTo(302);
        assertThat(kafka.rows(workspace.id())).isEmpty();
        assertThat(page("2026-10", Role.ADMIN)).contains("No revenue entered for 2026-10.");
    }

    @Test
    void aBadRowIsRefusedWithEveryProblemAndNothingIsStored() throws Exception {
        String page = html(
                mvc.perform(post("/app/settings/revenue")
                                .param("tenant", " ")
                                .param("month", "2014-12")
                                .param("amountUsd", "$1,250")
                                .with(authentication(viewer(workspace, Role.OWNER)))
                                .with(csrf()))
                        .andReturn(),
                400);

        assertThat(page)
                .contains("<li>tenant must be 1 to 256 characters</li>")
                .contains("<li>month must be between 2015-01 and 2027-11</li>")
                .contains("<li>amountUsd must be a number of US dollars like 1250.00, without currency sign or"
                        + " thousands separator</li>");
        assertThat(kafka.rows(workspace.id())).isEmpty();
    }

    @Test
    void anUploadWithBadRowsListsEachRowsProblemsAndStoresNothing() throws Exception {
        String csv =
                """
                tenant,month,amountUsd
                acme,2026-10,1250.00
                globex,2026-13,10
                initech,2026-10,-5
                acme,2026-10,7
                ,2026-09,1.0000000001
                """;

        String page = html(upload(csv, Role.ADMIN), 400);

        assertThat(page)
                .contains("5 problem(s); nothing from the file was stored.")
                .contains(
                        "<tr><td class=\"num\">3</td><td>month</td><td>must be a calendar month like 2026-11</td></tr>")
                .contains("<tr><td class=\"num\">4</td><td>amountUsd</td><td>must not be negative</td></tr>")
                .contains("<tr><td class=\"num\">5</td><td>month</td><td>repeats the tenant and month of row 2;"
                        + " give each once</td></tr>")
                .contains("<tr><td class=\"num\">6</td><td>tenant</td><td>must be 1 to 256 characters</td></tr>")
                .contains("<tr><td class=\"num\">6</td><td>amountUsd</td><td>must have at most 9 decimals</td></tr>");
        assertThat(kafka.rows(workspace.id())).as("the good row 2 too").isEmpty();
    }

    @Test
    void aGoodUploadStoresEveryRowAndTheTableShowsThem() throws Exception {
        String csv = "\uFEFFTenant,Month,AmountUSD\r\nacme,2026-10,1250.00\r\nglobex,2026-11,980.5\r\n"
                + "\"initech, inc.\",2026-11,0.004\r\n";

        MvcResult result = upload(csv, Role.OWNER);

        assertThat(result.getResponse().getStatus()).isEqualTo(302);
        assertThat(result.getResponse().getRedirectedUrl()).isEqualTo("/app/settings/revenue?month=2026-11");
        assertThat(result.getFlashMap().get("notice")).isEqualTo("Stored 3 revenue row(s) from revenue.csv.");
        assertThat(kafka.rows(workspace.id()))
                .containsExactlyInAnyOrder(
                        "acme 2026-10 1250.00", "globex 2026-11 980.5", "initech, inc. 2026-11 0.004");
        assertThat(page("2026-11", Role.OWNER))
                .contains("<th scope=\"row\">globex</th><td>2026-11</td><td class=\"num\">$980.50</td>")
                .contains("<th scope=\"row\">initech, inc.</th><td>2026-11</td><td class=\"num\">$0.004</td>");
        assertThat(csv("2026-11"))
                .isEqualTo(
                        "tenant,month,amountUsd\r\nglobex,2026-11,980.5\r\n" + "\"initech, inc.\",2026-11,0.004\r\n");
    }

    @Test
    void theExportUploadedAgainStoresTheSameRowsAndNoNewTenants() throws Exception {
        for (String tenant : new String[] {"=1+2", "+cmd", "-5", "'x", "''=a", "acme"}) {
            save(tenant, "2026-11", "100", Role.ADMIN);
        }
        String exported = csv("2026-11");
        assertThat(exported).contains("'=1+2,").contains("'''=a,"); // still safe to open in a spreadsheet

        MvcResult result = upload(exported, Role.ADMIN);

        assertThat(result.getResponse().getStatus()).isEqualTo(302);
        assertThat(kafka.rows(workspace.id()))
                .containsExactlyInAnyOrder(
                        "=1+2 2026-11 100",
                        "+cmd 2026-11 100",
                        "-5 2026-11 100",
                        "'x 2026-11 100",
                        "''=a 2026-11 100",
                        "acme 2026-11 100");
        assertThat(csv("2026-11")).isEqualTo(exported);
    }

    @Test
    void anOversizedUploadIsAnswered413WithAPageAndStoresNothing() throws Exception {
        StringBuilder csv = new StringBuilder("tenant,month,amountUsd\n");
        while (csv.length() <= RevenueCsv.MAX_BYTES) {
            csv.append("tenant-with-a-long-name,2026-10,1.00\n");
        }

        String page = html(upload(csv.toString(), Role.OWNER), 413);

        assertThat(page).contains("A revenue file may have at most 1 MB and 5000 rows; nothing was stored.");
        assertThat(kafka.rows(workspace.id())).isEmpty();
    }

    @Test
    void aMemberSeesTheTableWithoutFormsAndEveryChangeIs403() throws Exception {
        save("acme", "2026-11", "10", Role.OWNER);

        assertThat(page("2026-11", Role.MEMBER))
                .contains("<th scope=\"row\">acme</th>")
                .doesNotContain("Save revenue")
                .doesNotContain("/app/settings/revenue/delete")
                .doesNotContain("/app/settings/revenue/upload");

        html(save("acme", "2026-11", "0", Role.MEMBER), 403);
        html(
                mvc.perform(post("/app/settings/revenue/delete")
                                .param("tenant", "acme")
                                .param("month", "2026-11")
                                .with(authentication(viewer(workspace, Role.MEMBER)))
                                .with(csrf()))
                        .andReturn(),
                403);
        html(upload("tenant,month,amountUsd\nacme,2026-11,0\n", Role.MEMBER), 403);

        assertThat(kafka.rows(workspace.id())).containsExactly("acme 2026-11 10");
    }

    @Test
    void anOwnerSeesTheUploadFormWithTheCsrfTokenInItsAddressAndAnEmptyStateWithTheCurlToSend() throws Exception {
        String page = page("2026-11", Role.OWNER);

        assertThat(page)
                .containsPattern("action=\"/app/settings/revenue/upload\\?_csrf=[^\"]+\"")
                .contains("No revenue entered for 2026-11.")
                .contains("curl -X PUT http://localhost/api/v1/settings/revenue/acme/2026-11");
    }

    private MvcResult save(String tenant, String month, String amount, Role role) throws Exception {
        return mvc.perform(post("/app/settings/revenue")
                        .param("tenant", tenant)
                        .param("month", month)
                        .param("amountUsd", amount)
                        .with(authentication(viewer(workspace, role)))
                        .with(csrf()))
                .andReturn();
    }

    private MvcResult upload(String csv, Role role) throws Exception {
        MockMultipartFile file =
                new MockMultipartFile("file", "revenue.csv", "text/csv", csv.getBytes(StandardCharsets.UTF_8));
        return mvc.perform(multipart("/app/settings/revenue/upload")
                        .file(file)
                        .with(authentication(viewer(workspace, role)))
                        .with(csrf()))
                .andReturn();
    }

    private String page(String month, Role role) throws Exception {
        return html(
                mvc.perform(get("/app/settings/revenue")
                                .param("month", month)
                                .with(authentication(viewer(workspace, role))))
                        .andReturn(),
                200);
    }

    private String csv(String month) throws Exception {
        return mvc.perform(get("/app/settings/revenue")
                        .param("month", month)
                        .param("format", "csv")
                        .with(authentication(viewer(workspace, Role.MEMBER))))
                .andReturn()
                .getResponse()
                .getContentAsString();
    }
}
