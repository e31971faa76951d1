package dev.dbprint.mcp.tool;

import jakarta.enterprise.inject.Produces;
import jakarta.inject.Singleton;

import dev.dbprint.mcp.config.DbprintConfig;
import dev.dbprint.mcp.print.cache.CacheSizes;
import dev.dbprint.mcp.search.ColumnSearch;

/**
 * The one {@link ColumnSearch} of the server: search_columns and check_sql ask the same question of the same files, so
 * they share its table indexes, and {@code dbprint.search-cache.max-bytes} bounds them all rather than each tool's own.
 */
@Singleton
public class SharedColumnSearch {

    @Produces
    @Singleton
    ColumnSearch columnSearch(DbprintConfig config) {
        return new ColumnSearch(CacheSizes.searchCacheBytes(config));
    }
}
