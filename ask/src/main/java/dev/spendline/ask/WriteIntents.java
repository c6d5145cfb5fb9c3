package dev.spendline.ask;

import dev.spendline.ask.EntityMatcher.Mention;
import dev.spendline.contracts.budget.BudgetScope;
import dev.spendline.contracts.query.Dimension;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.EnumSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Reads questions that ask for a change: "set a $500 monthly budget for search", "alert me when
 * feature search passes $300 this month", "delete the acme budget", "revoke the CI key". A complete
 * budget request becomes the {@code create_budget} fields, filled in; an incomplete one (no amount, a
 * name that is no feature, customer, model, provider or agent) gets what is missing; other changes
 * get where they are made. Nothing is guessed: a missing amount is asked for, never assumed.
 *
 * <p>Kept apart from {@link QuestionInterpreter}, which reads figures: a write is not a reading
 * of any read tool, so it is recognised first and never falls through to a read answer to a
 * different question. A negated verb ("don't set a budget…") is no write request ({@link #negated}).
 */
final class WriteIntents {

    /** What a budget can count, with the words that name each scope's dimension. */
    private static final Map<BudgetScope, Pattern> SCOPE_WORDS = new LinkedHashMap<>();

    static {
        SCOPE_WORDS.put(BudgetScope.FEATURE, Pattern.compile("features?"));
        SCOPE_WORDS.put(BudgetScope.TENANT, Pattern.compile("customers?|tenants?|clients?"));
        SCOPE_WORDS.put(BudgetScope.MODEL, Pattern.compile("models?"));
        SCOPE_WORDS.put(BudgetScope.PROVIDER, Pattern.compile("providers?|vendors?"));
        SCOPE_WORDS.put(BudgetScope.AGENT, Pattern.compile("agents?"));
    }

    private static final Set<Dimension> BUDGETABLE =
            EnumSet.of(Dimension.FEATURE, Dimension.TENANT, Dimension.MODEL, Dimension.PROVIDER, Dimension.AGENT);

    private static final String SCOPES_IN_WORDS =
            "budgets count product AI spend of the whole workspace or of one feature, customer, model, provider or"
                    + " agent";

    private static final String BUDGET_WORD =
            "(?:budgets?|spending limits?|spend limits?|spending caps?|spend caps?|caps?|limits?)";

    /** "set a … budget", "create a budget …", "add a budget …", "I'd like a budget …". */
    private static final Pattern CREATE = Pattern.compile("\\b(?:set up|setup|set|create|add|make|put|establish"
            + "|define|configure|introduce|start|(?:want|need|like) (?:a|an|to (?:set|create|add|make|put)))\\b"
            + "(?: \\S+){0,6}? " + BUDGET_WORD + "\\b");

    /** "cap search at $500", "limit acme to $1k a month". */
    private static final Pattern CAP_AT = Pattern.compile("\\b(?:cap|limit)\\b(?: \\S+){1,4}? (?:at|to)\\b");

    /** "alert me when …", "notify us if …", "let me know once …". */
    private static final Pattern ALERT_ME = Pattern.compile("\\b(?:alert|notify|warn|tell|ping|email|message|let)"
            + " (?:me|us|the team)(?: know)? (?:when|if|once|as soon as|whenever|before)\\b");

    /** The verbs of {@link #ALERT_ME} that ask for an alert even without an amount ("tell me when" may be a reading). */
    private static final Pattern ALERT_VERBS =
            Pattern.compile("\\b(?:alert|notify|warn|ping|email|message) (?:me|us|the team) (?:when|if|once|as soon as"
                    + "|whenever|before)\\b");

    private static final Pattern DELETE = Pattern.compile(
            "\\b(?:delete|remove|drop|cancel|get rid of|kill|erase)\\b(?: \\S+){0,5}? (?:budgets?|caps?)\\b");

    private static final Pattern CHANGE = Pattern.compile("\\b(?:raise|increase|bump|lower|decrease|reduce|change"
            + "|edit|update|modify|adjust|rename|double|halve|extend|reset)\\b(?: \\S+){0,5}? (?:budgets?|caps?"
            + "|limits?)\\b");

    private static final Pattern KEY = Pattern.compile("\\b(?:revoke|rotate|delete|remove|disable|deactivate"
            + "|create|add|make|generate|issue|regenerate)\\b(?: \\S+){0,4}? (?:api )?keys?\\b");

    private static final Pattern SNOOZE =
            Pattern.compile("\\b(?:snooze|unsnooze|mute|unmute|silence)\\b(?: \\S+){0,5}? alerts?\\b");

    /** A question about what was done is a reading: "which budgets did we set", "what budget is set". */
    private static final Pattern ASKS_ABOUT = Pattern.compile("^(?:what|which|how much|how many|show|list|did|do we"
            + "|does|is|are|was|were|when|where|who|give me|tell me about)\\b");

    private static final Pattern BUT_ASKS_FOR =
            Pattern.compile("\\b(?:can|could|would|will) you\\b|\\bplease\\b|\\bhow (?:do|can|should) (?:i|we)\\b");

    /** The words just before a verb that deny it: "don't set", "do not create", "never add". */
    private static final Pattern DENIED = Pattern.compile("\\b(?:don t|dont|do not|never|not|no need to|stop"
            + "|shouldn t|should not|won t|will not|without|instead of|rather than)(?: \\S+){0,2}? ?$");

    /** An amount with its currency: "$500", "$1k", "$1,500.50", "300 dollars", "usd 200", "2k usd". */
    private static final Pattern MONEY = Pattern.compile("(?:\\$ ?|\\busd ?)(\\d[\\d,]*(?:\\.\\d+)?) ?(k|m|thousand"
            + "|million)?\\b|\\b(\\d[\\d,]*(?:\\.\\d+)?) ?(k|m|thousand|million)? ?(?:dollars?|usd|bucks)\\b");

    /** A bare amount where a budget's limit goes: "a budget of 500", "cap it at 2000". */
    private static final Pattern BARE = Pattern.compile(
            "\\b(?:of|at|to|limit|passes|exceeds|over|above|hits|reaches|crosses) (\\d[\\d,]*(?:\\.\\d+)?) ?(k|m)?"
                    + "(?! ?(?:%|percent|days?|weeks?|months?|hours?|calls?|tokens?|am|pm)\\b)\\b");

    /** An amount with its period and no currency: "400/month", "2.5k per month", "50 a day". */
    private static final Pattern PER_PERIOD =
            Pattern.compile("\\b(\\d[\\d,]*(?:\\.\\d+)?) ?(k|m)? ?(?:/ ?(?:month|mo|week|wk|day)"
                    + "|(?:a|per|each) (?:month|week|day))\\b");

    /** A number with a thousands or millions suffix is an amount: "a 10k monthly budget". */
    private static final Pattern SUFFIXED = Pattern.compile("\\b(\\d[\\d,]*(?:\\.\\d+)?) ?(k|m)\\b");

    /**
     * A budget given with its amount and no verb: "budget openai at 2.5k per month", "daily budget of
     * 50 dollars for triage-agent", "new budget: summarize, 400/month".
     */
    private static final Pattern BUDGET_OF = Pattern.compile("\\bbudgets?\\b(?: \\S+){0,3}? (?:of|at) \\$? ?\\d");

    private static final Pattern BUDGET = Pattern.compile("\\bbudgets?\\b");

    private static final List<Map.Entry<String, Pattern>> PERIODS = List.of(
            Map.entry("DAILY", Pattern.compile("\\b(?:daily|(?:a|per|each|every) day|today|/ ?day)\\b")),
            Map.entry("WEEKLY", Pattern.compile("\\b(?:weekly|(?:a|per|each|every|this) week|/ ?(?:week|wk))\\b")),
            Map.entry("MONTHLY", Pattern.compile("\\b(?:monthly|(?:a|per|each|every|this) month|/ ?(?:month|mo))\\b")));

    private static final Pattern WORKSPACE = Pattern.compile(
            "\\b(?:workspace|whole|overall|total|everything|all (?:our )?(?:ai )?spend|company|org|organi[sz]ation)\\b");

    /** Dimensions without budgets, named by their words: Ask says so instead of answering another scope. */
    private static final Pattern UNBUDGETED_WORDS = Pattern.compile(
            "\\b(?:team|teams|employee|employees|developer|developers|workflow|workflows|user|users|category"
                    + "|categories|tool|tools)\\b");

    /** Words after "for" that name no scope: "for the month", "for us". */
    private static final Set<String> NOT_NAMES = Set.of(
            "the",
            "our",
            "us",
            "me",
            "all",
            "a",
            "an",
            "each",
            "every",
            "this",
            "next",
            "it",
            "them",
            "that",
            "month",
            "week",
            "day",
            "year",
            "spend",
            "spending",
            "ai",
            "usage",
            "cost",
            "costs",
            "now",
            "later",
            "budget",
            "limit",
            "cap",
            "monthly",
            "weekly",
            "daily",
            "when",
            "if",
            "of",
            "at",
            "to",
            "per",
            "with");

    private final EntityMatcher matcher;

    WriteIntents(EntityMatcher matcher) {
        this.matcher = matcher;
    }

    /** The change {@code question} asks for; null when it asks for figures (or denies the change). */
    WriteIntent read(String question) {
        String text = QuestionWords.normalise(question == null ? "" : question);
        if (asksAbout(text)) {
            return null;
        }
        if (affirmed(DELETE, text)) {
            return WriteIntent.reply(QuestionWords.READS_ONLY + ", so it deletes nothing. A budget is deleted"
                    + " with DELETE /api/v1/budgets/{id} (Team plan); GET /api/v1/budgets and the dashboard's"
                    + " Budgets page (/app/budgets) list the budgets with their ids");
        }
        if (affirmed(CHANGE, text)) {
            return WriteIntent.reply(QuestionWords.READS_ONLY + ", so it changes nothing. A budget's limit,"
                    + " period or name cannot be changed in place: create a budget with the new figures (the form on"
                    + " /app/budgets, or \"set a $500 monthly budget for search\" here to get it filled in) and"
                    + " delete the old one with DELETE /api/v1/budgets/{id} (both need the Team plan)");
        }
        if (affirmed(KEY, text)) {
            return WriteIntent.reply(QuestionWords.READS_ONLY + ", so it changes no API key. Owners and"
                    + " admins create and revoke keys in the dashboard's settings, API keys (/app/settings/keys)");
        }
        if (affirmed(SNOOZE, text)) {
            return WriteIntent.reply(QuestionWords.READS_ONLY + ", so it snoozes nothing. An alert is snoozed"
                    + " (Team plan) from its Snooze form on /app/alerts, or with"
                    + " `spendline action prepare-alert-snooze ALERT_ID --hours H --reason R` and then the"
                    + " `spendline action confirm` command it prints");
        }
        // "Tell me when we spent the most" and "limit it to 5 rows" are readings: without an amount in
        // dollars only the words that can mean nothing else ("alert me when", "set a budget") are a change.
        boolean dollars = MONEY.matcher(raw(question)).find();
        boolean alertMe = affirmed(ALERT_ME, text) && (dollars || affirmed(ALERT_VERBS, text));
        boolean budgetWithAmount = affirmed(BUDGET, text)
                && (dollars
                        || PER_PERIOD.matcher(text).find()
                        || SUFFIXED.matcher(text).find()
                        || BUDGET_OF.matcher(text).find());
        if (!alertMe && !affirmed(CREATE, text) && !(dollars && affirmed(CAP_AT, text)) && !budgetWithAmount) {
            return null;
        }
        return budget(question, text, alertMe);
    }

    /** Whether the (normalised) question asks about what is, not for a change: "which budgets did we set". */
    static boolean asksAbout(String text) {
        return ASKS_ABOUT.matcher(text).find() && !BUT_ASKS_FOR.matcher(text).find();
    }

    /**
     * Whether {@code text} has a match of {@code pattern} that no "don't", "never"… denies.
     * "Don't set a budget for search" asks for no budget; it is read as a question about figures.
     */
    static boolean affirmed(Pattern pattern, String text) {
        Matcher m = pattern.matcher(text);
        while (m.find()) {
            if (!negated(text, m.start())) {
                return true;
            }
        }
        return false;
    }

    /** What a question that denies a change asks instead: "…, just show its spend this month". */
    private static final Pattern ASKS_INSTEAD =
            Pattern.compile("\\b(?:show|what|how|list|give|tell|just|instead|only|which)\\b");

    /**
     * The question without the change it denies, when it asks for something else too: "don't set a
     * budget for search, just show its spend this month" is a question about spend. Otherwise the
     * question unchanged ("don't set a budget for search" reads as the search budget's status).
     */
    static String withoutDeniedChange(String question) {
        String text = QuestionWords.normalise(question == null ? "" : question);
        Matcher m = CREATE.matcher(text);
        while (m.find()) {
            Matcher cue = DENIED.matcher(text.substring(0, m.start()));
            if (cue.find()) {
                String rest = (text.substring(0, cue.start()) + " " + text.substring(m.end())).trim();
                if (ASKS_INSTEAD.matcher(rest).find()) {
                    return rest;
                }
            }
        }
        return question;
    }

    /** Whether the words just before {@code start} deny what follows. */
    static boolean negated(String text, int start) {
        return DENIED.matcher(text.substring(0, start)).find();
    }

    private WriteIntent budget(String question, String text, boolean alertMe) {
        List<String> notes = new ArrayList<>();
        String what = alertMe ? "an alert when spend passes an amount is a budget: " : "";
        BigDecimal limit = amount(raw(question), text);
        if (limit == null) {
            return WriteIntent.reply(QuestionWords.READS_ONLY + ", and " + what + "a budget needs its limit:"
                    + " how much, per day, week or month, and for what? Ask again with the amount, e.g. \"set a"
                    + " $500 monthly budget for search\", to get the create_budget request filled in");
        }
        if (limit.signum() <= 0 || limit.compareTo(new BigDecimal("1000000000")) > 0 || limit.scale() > 9) {
            return WriteIntent.reply(QuestionWords.READS_ONLY + ", and a budget's limit is more than $0 and at"
                    + " most $1,000,000,000, in dollars with at most 9 decimals; " + Words.money(limit)
                    + " is not. Ask again with such an amount");
        }
        String period = null;
        for (Map.Entry<String, Pattern> p : PERIODS) {
            if (p.getValue().matcher(text).find()) {
                if (period != null) {
                    return WriteIntent.reply(QuestionWords.READS_ONLY + ", and a budget has one period: the"
                            + " question names both " + period.toLowerCase(Locale.ROOT) + " and "
                            + p.getKey().toLowerCase(Locale.ROOT)
                            + ". Ask again with one of daily, weekly or monthly");
                }
                period = p.getKey();
            }
        }
        if (period == null) {
            period = "MONTHLY";
            notes.add("No period named: monthly, the default of budgets (say daily or weekly for another).");
        }
        Scope scope = scope(text);
        if (scope.problem() != null) {
            return WriteIntent.reply(QuestionWords.READS_ONLY + ", and " + scope.problem());
        }
        if (scope.value() == null) {
            notes.add("No feature, customer, model, provider or agent named: the budget counts the whole workspace.");
        } else if (!scope.seen()) {
            notes.add("No " + scope.scope().name().toLowerCase(Locale.ROOT).replace("tenant", "customer") + " '"
                    + scope.value() + "' in this workspace's data of the last " + Vocabulary.LOOKBACK.toDays()
                    + " days; check the spelling (a budget counts the name exactly as the events give it).");
        }
        String name = (scope.value() == null ? "Workspace" : scope.value()) + " " + period.toLowerCase(Locale.ROOT);
        notes.add("Named '" + name + "'; change the name in the form or the command.");
        if (alertMe) {
            notes.add("Budgets alert as they near and pass their limit: WARNING from 80 % or a forecast above it,"
                    + " EXCEEDED at the limit.");
        }
        return new WriteIntent(
                new WriteIntent.Budget(name, limit, scope.scope().name(), scope.value(), period), null, notes);
    }

    /** The question lower-cased with its punctuation, where amounts are read ("$1,250.50"). */
    private static String raw(String question) {
        return question.toLowerCase(Locale.ROOT).replace('’', '\'');
    }

    /** The limit the question gives, in dollars; null when it gives none. */
    static BigDecimal amount(String raw, String text) {
        Matcher m = MONEY.matcher(raw);
        if (m.find()) {
            return m.group(1) != null ? dollars(m.group(1), m.group(2)) : dollars(m.group(3), m.group(4));
        }
        Matcher bare = BARE.matcher(text);
        if (bare.find()) {
            return dollars(bare.group(1), bare.group(2));
        }
        Matcher perPeriod = PER_PERIOD.matcher(text);
        if (perPeriod.find()) {
            return dollars(perPeriod.group(1), perPeriod.group(2));
        }
        Matcher suffixed = SUFFIXED.matcher(text);
        return suffixed.find() ? dollars(suffixed.group(1), suffixed.group(2)) : null;
    }

    private static BigDecimal dollars(String digits, String multiplier) {
        BigDecimal amount = new BigDecimal(digits.replace(",", ""));
        if (multiplier != null) {
            amount = amount.multiply(
                    switch (multiplier) {
                        case "k", "thousand" -> BigDecimal.valueOf(1_000);
                        default -> BigDecimal.valueOf(1_000_000);
                    });
        }
        return amount.stripTrailingZeros().scale() < 0 ? amount.setScale(0) : amount.stripTrailingZeros();
    }

    /** What a budget would count; {@code problem} says why it cannot be told. */
    private record Scope(BudgetScope scope, String value, boolean seen, String problem) {

        static Scope problem(String problem) {
            return new Scope(null, null, false, problem);
        }
    }

    private Scope scope(String text) {
        List<String> words = Arrays.asList(text.split(" "));
        List<Mention> names = matcher.exactNames(words);
        Map<String, BudgetScope> found = new LinkedHashMap<>();
        List<String> unbudgeted = new ArrayList<>();
        boolean[] taken = new boolean[words.size()];
        for (Mention m : names) {
            for (int i = m.start(); i < m.end(); i++) {
                taken[i] = true;
            }
            BudgetScope labelled = label(words, m);
            Set<Dimension> budgetable = EnumSet.noneOf(Dimension.class);
            m.dimensions().stream().filter(BUDGETABLE::contains).forEach(budgetable::add);
            if (labelled != null && m.dimensions().contains(labelled.dimension())) {
                found.put(m.value(), labelled);
            } else if (budgetable.size() == 1) {
                found.put(m.value(), scopeOf(budgetable.iterator().next()));
            } else if (budgetable.size() > 1) {
                return Scope.problem("'" + m.value() + "' is the name of "
                        + String.join(
                                " and of ",
                                budgetable.stream()
                                        .map(d -> (Words.noun(d).matches("[aeiou].*") ? "an " : "a ") + Words.noun(d))
                                        .toList())
                        + ": say which the budget is for (\"for "
                        + Words.noun(budgetable.iterator().next()) + " "
                        + m.value() + "\")");
            } else {
                unbudgeted.add(Words.noun(m.dimensions().iterator().next()) + " '" + m.value() + "'");
            }
        }
        // "feature checkout" for a name not seen yet: a budget may be set before the first call.
        for (int i = 0; i + 1 < words.size(); i++) {
            BudgetScope labelled = scopeWord(words.get(i));
            String next = words.get(i + 1);
            if (labelled != null
                    && !taken[i + 1]
                    && !NOT_NAMES.contains(next)
                    && next.matches("[a-z0-9@][\\w@./-]*")
                    && !next.matches("\\d[\\d,.]*k?")) {
                found.putIfAbsent(next, labelled);
            }
        }
        if (found.size() > 1) {
            return Scope.problem("a budget counts one scope, and the question names "
                    + String.join(" and ", found.keySet()) + ": ask for one budget at a time");
        }
        if (found.size() == 1) {
            Map.Entry<String, BudgetScope> only = found.entrySet().iterator().next();
            boolean seen = names.stream().anyMatch(m -> m.value().equals(only.getKey()));
            return new Scope(only.getValue(), only.getKey(), seen, null);
        }
        if (!unbudgeted.isEmpty() || UNBUDGETED_WORDS.matcher(text).find()) {
            return Scope.problem(SCOPES_IN_WORDS + "; internal AI-tool usage (teams, employees, tools) and"
                    + " workflows, tools and users have no budgets"
                    + (unbudgeted.isEmpty() ? "" : " (the question names " + String.join(", ", unbudgeted) + ")")
                    + ". Ask again for one of those, or without a name for the whole workspace");
        }
        Matcher forName =
                Pattern.compile("\\bfor (?:the |our )?([a-z0-9@][\\w@./-]*)").matcher(text);
        while (forName.find()) {
            String word = forName.group(1);
            if (!NOT_NAMES.contains(word)
                    && !WORKSPACE.matcher(word).matches()
                    && scopeWord(word) == null
                    && !word.matches("\\d[\\d,.]*k?")) {
                return Scope.problem("Ask found no feature, customer, model, provider or agent '" + word
                        + "' in this workspace's data of the last " + Vocabulary.LOOKBACK.toDays()
                        + " days; " + SCOPES_IN_WORDS + ". Say which it is (\"for feature " + word
                        + "\") or check the spelling");
            }
        }
        return new Scope(BudgetScope.WORKSPACE, null, true, null);
    }

    /** The scope a dimension word right before or after a name gives it: "feature search", "the acme customer". */
    private static BudgetScope label(List<String> words, Mention m) {
        BudgetScope before = m.start() > 0 ? scopeWord(words.get(m.start() - 1)) : null;
        return before != null ? before : m.end() < words.size() ? scopeWord(words.get(m.end())) : null;
    }

    private static BudgetScope scopeWord(String word) {
        for (Map.Entry<BudgetScope, Pattern> e : SCOPE_WORDS.entrySet()) {
            if (e.getValue().matcher(word).matches()) {
                return e.getKey();
            }
        }
        return null;
    }

    private static BudgetScope scopeOf(Dimension dimension) {
        for (BudgetScope scope : BudgetScope.values()) {
            if (scope.dimension() == dimension) {
                return scope;
            }
        }
        throw new IllegalArgumentException("no budget scope for " + dimension);
    }
}
