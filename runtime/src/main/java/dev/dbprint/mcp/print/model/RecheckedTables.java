package dev.dbprint.mcp.print.model;

import java.util.AbstractMap;
import java.util.AbstractSet;
import java.util.Collections;
import java.util.Iterator;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.BiFunction;

/**
 * A manifest's {@code tables} with each entry re-judged for containment the first time it is looked up, in file order
 * when walked. The real-path judgement stats every declared file of an entry; on a print of thousands of tables, judging
 * them all for a call that reads one table costs more than the call itself.
 */
final class RecheckedTables extends AbstractMap<String, TableEntry> {

    private final Map<String, TableEntry> parsed;
    private final BiFunction<TableEntry, Boolean, String> check;
    private final Map<String, TableEntry> judged;

    /**
     * Sized for {@code lookups} entries judged: a search judges them all, on several threads, and a map grown to that
     * copies itself a dozen times; a page of resources/list judges a few, and a map made for a print of 7,003 tables
     * (64 KB) was an eighth of what each page allocated.
     */
    RecheckedTables(Map<String, TableEntry> parsed, BiFunction<TableEntry, Boolean, String> check, int lookups) {
        this.parsed = parsed;
        this.check = check;
        this.judged = new ConcurrentHashMap<>(Math.min(lookups, parsed.size()));
    }

    /**
     * Judges outside any lock, so a walk on several threads judges several entries at once. An entry judged already is
     * not looked up again: where the parsed tables build an entry on every look-up ({@link Manifest#passing()}), a page
     * of resources/list looks each of its tables up once per artifact kind.
     */
    @Override
    public TableEntry get(Object key) {
        TableEntry known = key instanceof String fqn ? judged.get(fqn) : null;
        if (known != null) {
            return known;
        }
        TableEntry entry = parsed.get(key);
        if (entry == null) {
            return null;
        }
        String reason = entry.followable() ? check.apply(entry, true) : null;
        TableEntry fresh = entry.withContainment(reason == null, reason);
        TableEntry raced = judged.putIfAbsent(entry.fqn(), fresh);
        return raced == null ? fresh : raced;
    }

    @Override
    public boolean containsKey(Object key) {
        return parsed.containsKey(key);
    }

    @Override
    public int size() {
        return parsed.size();
    }

    /**
     * The names alone, judging nothing: the inherited view walks the entries, judging each on the caller's thread, where
     * a search that takes the names first then judges them on all its walkers (else a quarter of a cold search's time).
     */
    @Override
    public Set<String> keySet() {
        return Collections.unmodifiableSet(parsed.keySet());
    }

    @Override
    public Set<Map.Entry<String, TableEntry>> entrySet() {
        return new AbstractSet<>() {

            @Override
            public Iterator<Map.Entry<String, TableEntry>> iterator() {
                Iterator<String> keys = parsed.keySet().iterator();
                return new Iterator<>() {

                    @Override
                    public boolean hasNext() {
                        return keys.hasNext();
                    }

                    @Override
                    public Map.Entry<String, TableEntry> next() {
                        String key = keys.next();
                        return new SimpleImmutableEntry<>(key, get(key));
                    }
                };
            }

            @Override
            public int size() {
                return parsed.size();
            }
        };
    }
}
