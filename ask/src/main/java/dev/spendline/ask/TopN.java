package dev.spendline.ask;

import static dev.spendline.ask.QuestionWords.TOP_N;

import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The reading stage of how many rows are asked for: {@code top 5}, {@code 5 most expensive},
 * {@code which 2 teams}. The number is blanked out of the text so that it is not read as a name
 * or a period.
 *
 * @param limit the number asked for, or null when none is
 * @param rest the text with the number blanked out
 */
record TopN(Integer limit, String rest) {

    static TopN take(String text) {
        for (Pattern pattern : TOP_N) {
            Matcher m = pattern.matcher(text);
            if (m.find()) {
                String n = m.group(1);
                return new TopN(TimePhrases.number(n), TimePhrases.blank(text, m.start(1), m.end(1)));
            }
        }
        return new TopN(null, text);
    }
}
