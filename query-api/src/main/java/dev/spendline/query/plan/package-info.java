/** What each plan allows, decided in one place for every surface. */
package dev.spendline.query.plan;
