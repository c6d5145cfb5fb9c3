package dev.spendline.query.signin;

import org.springframework.http.HttpStatus;
import org.springframework.web.bind.annotation.ResponseStatus;

/**
 * No such thing in the current workspace (404): the same answer for an id that does not exist and
 * for one of another workspace, so a URL tells nothing about other workspaces.
 */
@ResponseStatus(HttpStatus.NOT_FOUND)
public final class DashboardNotFoundException extends RuntimeException {

    public DashboardNotFoundException() {
        super("Not found in this workspace");
    }
}
