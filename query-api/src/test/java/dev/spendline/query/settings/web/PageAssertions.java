package dev.spendline.query.settings.web;

import static org.assertj.core.api.Assertions.assertThat;

import org.springframework.test.web.servlet.MvcResult;

/** Reading answers of the settings pages as a person would see them. */
final class PageAssertions {

    private PageAssertions() {}

    /** The page's HTML with the whitespace between tags removed, so rows can be matched as one string. */
    static String html(MvcResult result, int expectedStatus) throws Exception {
        assertThat(result.getResponse().getStatus())
                .as(result.getRequest().getMethod() + " " + result.getRequest().getRequestURI())
                .isEqualTo(expectedStatus);
        return result.getResponse().getContentAsString().replaceAll(">\\s+<", "><");
    }
}
