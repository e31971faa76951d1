package dev.dbprint.mcp.resource;

import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.Map;

import dev.dbprint.mcp.paging.JsonForm;
import dev.dbprint.mcp.text.IsoInstant;

/**
 * One entry of resources/list or resources/templates/list.
 *
 * @param address the resource's URI, or the template's RFC 6570 URI template
 * @param template whether {@code address} is a template ({@code uriTemplate}) rather than a URI ({@code uri})
 * @param lastModified the file's modification time, or null when the entry is undated
 */
record ResourceEntry(String address, boolean template, String name, String description, String mimeType,
        Instant lastModified) implements JsonForm {

    /**
     * Its address, then name, description and mimeType, then MCP's {@code annotations.lastModified} when dated: ISO 8601
     * UTC to the nanosecond the file system keeps ({@code 2026-03-01T09:30:00.25Z}), so a client can sort by freshness.
     */
    @Override
    public Map<String, Object> toJson() {
        Map<String, Object> e = new LinkedHashMap<>();
        e.put(template ? "uriTemplate" : "uri", address);
        e.put("name", name);
        e.put("description", description);
        e.put("mimeType", mimeType);
        if (lastModified != null) {
            e.put("annotations", Map.of("lastModified", IsoInstant.of(lastModified)));
        }
        return e;
    }
}
