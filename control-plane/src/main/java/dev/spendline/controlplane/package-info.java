/**
 * Control plane: workspaces ({@code workspaces}), API keys ({@code keys}) and prepared write actions
 * ({@code actions}), one package a feature (accounts, OAuth grants and chat installations get theirs), stored through plain Spring JDBC with Flyway migrations that run
 * unchanged on H2 and PostgreSQL.
 *
 * <p>This is a library without Spring Boot autoconfiguration: applications create the {@link
 * javax.sql.DataSource}, call {@link dev.spendline.controlplane.ControlPlaneMigrations#migrate}, and construct
 * the repositories, {@link dev.spendline.controlplane.keys.ApiKeyAuthenticator} and {@link
 * dev.spendline.controlplane.ControlPlaneBootstrap} themselves.
 */
package dev.spendline.controlplane;
