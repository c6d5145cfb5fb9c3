package dev.spendline.query.signin;

import org.springframework.http.HttpStatus;
import org.springframework.web.bind.annotation.ResponseStatus;

/** The signed-in user's role does not allow this; the page says why (403). */
@ResponseStatus(HttpStatus.FORBIDDEN)
public final class DashboardForbiddenException extends RuntimeException {

    public DashboardForbiddenException(String message) {
        super(message);
    }
}
