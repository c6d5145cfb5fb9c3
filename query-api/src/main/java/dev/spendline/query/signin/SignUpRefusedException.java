package dev.spendline.query.signin;

/** A sign-up or a join that cannot go ahead, with a message the page shows as it is. */
public final class SignUpRefusedException extends RuntimeException {

    public SignUpRefusedException(String message) {
        super(message);
    }
}
