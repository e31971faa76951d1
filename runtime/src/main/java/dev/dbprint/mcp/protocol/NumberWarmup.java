package dev.dbprint.mcp.protocol;

import java.math.BigDecimal;
import java.util.LinkedHashMap;
import java.util.Map;

import dev.dbprint.mcp.paging.JsonText;

/**
 * Writes, on the greeting's thread once the first client is greeted ({@link ReadAhead}), a reply holding the number types tool replies
 * hold (BigDecimal, Double, Long) as tool replies are written ({@link JsonText}). Jackson inspects each such class the
 * first time its mapper writes one, and the first inspection in a process reads the annotations of the class's members:
 * the deprecated ones of BigDecimal and Double each become a proxy class made at run time, which no start-up cache can
 * hold. A first resolve_value paid about 7 ms for that; done at boot instead, beside Quarkus's start, the same work
 * delayed the initialize reply by more.
 */
final class NumberWarmup {

    private NumberWarmup() {
    }

    static void write() {
        // a LinkedHashMap, as a reply's maps are: the boot has built its serializer (PagingWarmup), where Jackson
        // would look the JDK's immutable map over as a bean, milliseconds beside a first call
        Map<String, Object> reply = new LinkedHashMap<>();
        reply.put("coverage", BigDecimal.ONE);
        reply.put("score", 0.5d);
        reply.put("count", 1L);
        JsonText.compact(reply);
    }
}
