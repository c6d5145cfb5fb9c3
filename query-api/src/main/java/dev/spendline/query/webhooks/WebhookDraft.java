package dev.spendline.query.webhooks;

import java.util.Set;

/** A checked request for a new endpoint; empty sets mean every alert type or severity. */
record WebhookDraft(String url, Set<String> alertTypes, Set<String> severities) {}
