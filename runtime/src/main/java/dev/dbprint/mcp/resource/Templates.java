package dev.dbprint.mcp.resource;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * resources/templates/list (spec §7.2): one RFC 6570 template per §3.2 URI pattern, in its page form, so a client
 * that builds URIs from templates reaches every page — in the order resources/list enumerates the kinds, the
 * reference documents first.
 */
public final class Templates {

    private static final String PAGE = "{?page,version}";

    private Templates() {
    }

    public static Map<String, Object> list() {
        Map<String, Object> result = new LinkedHashMap<>();
        result.put("resourceTemplates", entries().stream().map(ResourceEntry::toJson).toList());
        return result;
    }

    /** Every template's {@code uriTemplate}, in list order. */
    static List<String> uriTemplates() {
        return entries().stream().map(ResourceEntry::address).toList();
    }

    private static List<ResourceEntry> entries() {
        List<ResourceEntry> out = new ArrayList<>();
        out.add(template(DbprintUri.REFERENCE + "{document}" + PAGE, "reference/{document}",
                "A reference document this server packages, whole: document spec (the format specification) or assertions (the assertion DSL specification). get_reference returns one section by its number.",
                "text/markdown"));
        for (ResourceKind kind : ResourceKind.values()) {
            String uri = DbprintUri.SCHEME + "{connection}/" + (kind.perTable() ? "{table}/" : "") + kind.segment()
                    + PAGE;
            String name = "{connection}/" + (kind.perTable() ? "{table}/" : "") + kind.segment();
            String of = kind.perTable()
                    ? kind.fileName() + " of a table ({table} is its dotted fully-qualified name)"
                    : kind.fileName() + " of a connection";
            out.add(template(uri, name, of + ": " + kind.holds() + (kind.optional() ? " Present only when authored." : ""),
                    kind.mimeType()));
        }
        return out;
    }

    private static ResourceEntry template(String uriTemplate, String name, String description, String mimeType) {
        return new ResourceEntry(uriTemplate, true, name, description, mimeType, null);
    }
}
