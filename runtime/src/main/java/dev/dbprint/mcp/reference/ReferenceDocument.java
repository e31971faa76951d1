package dev.dbprint.mcp.reference;

import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * The three packaged reference documents get_reference serves (spec §4.6), a closed set: the format specification and
 * the assertion DSL, both addressed by section number, and the reading guide, addressed by heading text.
 */
public enum ReferenceDocument {

    SPEC("spec", true, List.of("spec", "format-spec")), ASSERTIONS("assertions", true, List.of("assertions")), GUIDE("guide",
            false, List.of("guide", "guide-reading"));

    private final String wireName;
    private final boolean numbered;
    private final List<String> citationNames;

    ReferenceDocument(String wireName, boolean numbered, List<String> citationNames) {
        this.wireName = wireName;
        this.numbered = numbered;
        this.citationNames = citationNames;
    }

    /** The {@code document} argument's value, e.g. {@code spec}. */
    public String wireName() {
        return wireName;
    }

    /** The file name, on the classpath and in {@code dbprint.reference.directory}: {@code <wire name>.md}. */
    public String fileName() {
        return wireName + ".md";
    }

    /** Whether headings carry section numbers ({@code spec}, {@code assertions}) or are addressed by text. */
    public boolean numbered() {
        return numbered;
    }

    /**
     * Whether a citation prefix's file name (lower-cased, {@code .md} and any directory removed) names this document:
     * {@code SPEC.md}, {@code format/v1/SPEC.md} and {@code FORMAT-SPEC.md} name {@code spec}; {@code ASSERTIONS.md}
     * names {@code assertions}.
     */
    boolean citedAs(String name) {
        return citationNames.contains(name);
    }

    /** The document a citation prefix names, if it names one of the three. */
    static Optional<ReferenceDocument> byCitationName(String name) {
        String n = name.toLowerCase(Locale.ROOT);
        for (ReferenceDocument d : values()) {
            if (d.citedAs(n)) {
                return Optional.of(d);
            }
        }
        return Optional.empty();
    }

    public static Optional<ReferenceDocument> byWireName(String name) {
        for (ReferenceDocument d : values()) {
            if (d.wireName.equals(name)) {
                return Optional.of(d);
            }
        }
        return Optional.empty();
    }
}
