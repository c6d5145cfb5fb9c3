package dev.spendline.query.signin;

import jakarta.servlet.http.HttpServletResponse;
import org.springframework.ui.Model;
import org.springframework.web.bind.annotation.ControllerAdvice;
import org.springframework.web.bind.annotation.ExceptionHandler;

/** The dashboard's 403 and 404 as pages in the frame, with a way back. */
@ControllerAdvice(assignableTypes = {MembersController.class, SignInController.class})
final class SignInErrors {

    @ExceptionHandler(DashboardForbiddenException.class)
    String forbidden(DashboardForbiddenException e, Model model, HttpServletResponse response) {
        response.setStatus(HttpServletResponse.SC_FORBIDDEN);
        model.addAttribute("title", "Not allowed");
        model.addAttribute("message", e.getMessage());
        return "signin/refused";
    }

    @ExceptionHandler(DashboardNotFoundException.class)
    String notFound(Model model, HttpServletResponse response) {
        response.setStatus(HttpServletResponse.SC_NOT_FOUND);
        model.addAttribute("title", "Not found");
        model.addAttribute("message", "There is no such item in this workspace.");
        return "signin/refused";
    }
}
