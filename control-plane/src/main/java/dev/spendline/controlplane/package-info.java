/**
 * Control plane: workspaces and API keys, stored through plain Spring JDBC with Flyway migrations that run
 * unchanged on H2 and PostgreSQL.
 *
 * <p>This is a library without Spring Boot autoconfiguration: applications create the {@link
 * javax.sql.DataSource}, call {@link dev.spendline.controlplane.ControlPlaneMigrations#migrate}, and construct
 * the repositories, {@link dev.spendline.controlplane.ApiKeyAuthenticator} and {@link
 * dev.spendline.controlplane.ControlPlaneBootstrap} themselves.
 */
package dev.spendline.controlplane;
