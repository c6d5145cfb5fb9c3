package dev.spendline.query.signin;

import dev.spendline.contracts.validation.Limits;
import dev.spendline.contracts.validation.TextRules;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;

/**
 * What the sign-up page posts, and its rules. Passwords: at least 10 characters (NIST SP 800-63B
 * asks for 8 and for no composition rules), at most 72 bytes, the most bcrypt reads.
 */
public record SignUpForm(String email, String name, String password) {

    static final int MIN_PASSWORD = 10;
    static final int MAX_PASSWORD_BYTES = 72;
    private static final Pattern EMAIL = Pattern.compile("^[^@\\s]{1,64}@[^@\\s]+\\.[^@\\s]+$");

    /** Every problem, each as a sentence; empty when the form is good. */
    public List<String> problems() {
        List<String> problems = new ArrayList<>();
        if (email == null
                || email.isBlank()
                || email.strip().length() > 320
                || !EMAIL.matcher(email.strip()).matches()) {
            problems.add("Enter an e-mail address like name@example.com.");
        }
        if (name != null && !name.isBlank()) {
            // The same rule as workspace names and as employeeName at ingest, so the name never gets a row refused.
            String problem = TextRules.DISPLAY_NAME.problem(name.strip());
            if (problem != null && problem.startsWith("must be at most")) {
                problems.add("Your name can have at most " + Limits.MAX_DISPLAY_NAME_LENGTH + " characters.");
            } else if (problem != null) {
                problems.add("Your name " + problem + ".");
            }
        }
        if (password == null || password.length() < MIN_PASSWORD) {
            problems.add("Choose a password of at least " + MIN_PASSWORD + " characters.");
        } else if (password.getBytes(StandardCharsets.UTF_8).length > MAX_PASSWORD_BYTES) {
            problems.add("Choose a password of at most " + MAX_PASSWORD_BYTES + " bytes.");
        }
        return problems;
    }

    public String displayName() {
        return name == null || name.isBlank() ? email.strip() : name.strip();
    }
}
