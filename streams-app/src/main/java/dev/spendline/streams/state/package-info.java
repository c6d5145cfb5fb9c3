/**
 * State stores that aggregate on bytes: per-commit delta tables folded into RocksDB once per
 * distinct key per commit, behind the same {@code KeyValueStore} facade the readers use.
 */
package dev.spendline.streams.state;
