package dev.dbprint.mcp.devui;

import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import jakarta.inject.Inject;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;

import dev.dbprint.mcp.config.ConfigError;
import dev.dbprint.mcp.config.Connections;
import dev.dbprint.mcp.config.ServedConnection;
import dev.dbprint.mcp.config.ServedSet;
import dev.dbprint.mcp.error.ProtocolError;
import dev.dbprint.mcp.paging.PagedReplies;
import dev.dbprint.mcp.print.store.PrintStore;
import dev.dbprint.mcp.print.store.StoreCounters;
import dev.dbprint.mcp.resource.ResourceService;
import dev.dbprint.mcp.tool.call.ToolDescriptor;
import dev.dbprint.mcp.tool.call.ToolInvoker;
import dev.dbprint.mcp.tool.call.ToolRegistry;
import dev.dbprint.mcp.tool.call.ToolResult;

/**
 * The Dev UI's window on a running server (registered only in dev mode, by the deployment module). Every answer goes
 * through the same beans a client's call does — {@link ToolInvoker} for tools, {@link ResourceService} for resources —
 * so what the Dev UI shows is what an agent would receive, and a print file rewritten on disk shows on the next call.
 * <p>
 * Results are plain maps, lists and strings so that they serialise the same whatever JSON mapper the Dev UI uses. Nothing
 * here throws to the Dev UI: a fault comes back as an {@code error} entry the page renders.
 */
public class DbprintJsonRpcService {

    /** The tool the connections page takes its table rows from (spec §4.2, {@code detail: true}). */
    static final String LIST_TABLES = "list_tables";
    /** Enough pages for any print; a reply chain longer than this is reported rather than followed forever. */
    static final int MAX_PAGES = 500;

    @Inject
    Connections connections;

    @Inject
    PrintStore store;

    @Inject
    ToolRegistry registry;

    @Inject
    PagedReplies paging;

    @Inject
    ToolInvoker invoker;

    @Inject
    ResourceService resources;

    @Inject
    ObjectMapper mapper;

    /** The served connections: name, print root, whether it is the default, whether {@code manifest.yaml} exists. */
    public Map<String, Object> connections() {
        Map<String, Object> out = new LinkedHashMap<>();
        ServedSet set;
        try {
            set = connections.set();
        } catch (ConfigError e) {
            out.put("error", e.getMessage());
            out.put("connections", List.of());
            return out;
        }
        out.put("project", set.project().file().toString());
        out.put("default", set.defaultName().orElse(null));
        List<Map<String, Object>> rows = new ArrayList<>();
        for (ServedConnection c : set.served().values()) {
            Map<String, Object> row = new LinkedHashMap<>();
            row.put("name", c.name());
            row.put("root", c.root().toString());
            row.put("isDefault", set.defaultName().map(c.name()::equals).orElse(false));
            row.put("manifest", Files.isRegularFile(c.root().resolve("manifest.yaml")));
            rows.add(row);
        }
        out.put("connections", rows);
        out.put("configured", set.project().names());
        return out;
    }

    /**
     * One connection's tables, as {@code list_tables} with {@code detail: true} answers them, every page followed. When
     * this build has no {@code list_tables} tool the answer says so ({@code available: false}) instead of failing.
     */
    public Map<String, Object> tables(String connection) {
        Map<String, Object> out = new LinkedHashMap<>();
        out.put("connection", connection);
        if (registry.get(LIST_TABLES) == null) {
            out.put("available", false);
            out.put("note", "this build has no list_tables tool yet; the table list appears once it is registered");
            out.put("tables", List.of());
            return out;
        }
        out.put("available", true);
        ObjectNode arguments = mapper.createObjectNode();
        if (connection != null && !connection.isEmpty()) {
            arguments.put("connection", connection);
        }
        arguments.put("detail", true);
        List<Object> tables = new ArrayList<>();
        PartJoiner parts = new PartJoiner();
        int pages = 0;
        while (true) {
            ToolResult result = invoker.call(LIST_TABLES, arguments);
            pages++;
            if (result.isError()) {
                out.put("error", result.text());
                break;
            }
            JsonNode page = parse(result.text());
            if (page == null || !page.isObject()) {
                out.put("error", "list_tables answered text that is not a JSON object: " + abbreviate(result.text()));
                break;
            }
            if (pages == 1) {
                page.fields().forEachRemaining(e -> {
                    if (!e.getKey().equals("tables") && !e.getKey().equals("next_cursor")) {
                        out.put(e.getKey(), plain(e.getValue()));
                    }
                });
            }
            for (JsonNode item : page.path("tables")) {
                JsonNode whole = parts.accept(item);
                if (whole != null) {
                    tables.add(whole.isTextual() ? textEntry(whole.asText()) : plain(whole));
                }
            }
            String next = page.path("next_cursor").asText(null);
            if (next == null) {
                break;
            }
            if (pages >= MAX_PAGES) {
                out.put("error", "stopped after " + MAX_PAGES + " pages of list_tables");
                break;
            }
            arguments.put("cursor", next);
        }
        out.put("pages", pages);
        out.put("tables", tables);
        return out;
    }

    /** Every registered tool: name, description, the exact input schema, and its properties flattened for a form. */
    public List<Map<String, Object>> tools() {
        List<Map<String, Object>> out = new ArrayList<>();
        for (ToolRegistry.Tool tool : registry.all()) {
            ToolDescriptor d = tool.descriptor();
            Map<String, Object> row = new LinkedHashMap<>();
            row.put("name", d.name());
            row.put("title", d.title());
            row.put("description", d.description());
            row.put("inputSchema", pretty(d.inputSchema()));
            List<String> required = d.required();
            List<Map<String, Object>> args = new ArrayList<>();
            for (Iterator<Map.Entry<String, JsonNode>> it = d.properties().fields(); it.hasNext();) {
                Map.Entry<String, JsonNode> p = it.next();
                Map<String, Object> arg = new LinkedHashMap<>();
                arg.put("name", p.getKey());
                arg.put("type", p.getValue().path("type").asText("string"));
                arg.put("description", p.getValue().path("description").asText(""));
                arg.put("required", required.contains(p.getKey()));
                if (p.getValue().has("enum")) {
                    arg.put("enum", plain(p.getValue().get("enum")));
                }
                if (p.getValue().has("default")) {
                    arg.put("default", plain(p.getValue().get("default")));
                }
                args.add(arg);
            }
            row.put("args", args);
            out.add(row);
        }
        return out;
    }

    /**
     * Calls a tool exactly as {@code tools/call} would, with {@code arguments} as JSON object text, and answers the
     * reply text verbatim with {@code isError}; {@code nextCursor} is the reply's {@code next_cursor}, if any, so the
     * page can ask for the next page by adding it as {@code cursor}.
     */
    public Map<String, Object> callTool(String name, String arguments) {
        Map<String, Object> out = new LinkedHashMap<>();
        out.put("name", name);
        ObjectNode args;
        try {
            JsonNode parsed = arguments == null || arguments.isBlank() ? mapper.createObjectNode() : mapper.readTree(arguments);
            if (!(parsed instanceof ObjectNode o)) {
                out.put("error", "arguments must be a JSON object");
                return out;
            }
            args = o;
        } catch (JsonProcessingException e) {
            out.put("error", "arguments are not valid JSON: " + e.getOriginalMessage());
            return out;
        }
        ToolResult result = invoker.call(name, args);
        out.put("text", result.text());
        out.put("isError", result.isError());
        out.put("chars", result.text().length());
        JsonNode reply = result.isError() ? null : parse(result.text());
        if (reply != null && reply.path("next_cursor").isTextual()) {
            out.put("nextCursor", reply.get("next_cursor").asText());
        }
        return out;
    }

    /** {@code resources/list}, one page; {@code cursor} is the previous page's {@code nextCursor}, or empty. */
    public Map<String, Object> listResources(String cursor) {
        try {
            return plainObject(resources.list(Optional.ofNullable(cursor).filter(c -> !c.isEmpty())));
        } catch (ProtocolError e) {
            return error(e);
        }
    }

    /**
     * {@code resources/read} of one URI (a page URI included). Beside the result, {@code nextUri} is the URI of the
     * following page when {@code _meta} says there is one, built as spec §3.4 prescribes.
     */
    public Map<String, Object> readResource(String uri) {
        try {
            Map<String, Object> out = plainObject(resources.read(uri));
            nextPageUri(uri, out).ifPresent(next -> out.put("nextUri", next));
            return out;
        } catch (ProtocolError e) {
            return error(e);
        }
    }

    /** {@code resources/templates/list}. */
    public Map<String, Object> resourceTemplates() {
        try {
            return plainObject(resources.templates());
        } catch (ProtocolError e) {
            return error(e);
        }
    }

    /**
     * What the print cache holds and has done (files cached, parses, cache hits, identity checks), and what the reply
     * cache keeps.
     */
    public Map<String, Object> cacheStats() {
        StoreCounters counters = store.counters();
        Map<String, Object> out = new LinkedHashMap<>();
        out.put("available", true);
        Map<String, Object> c = new LinkedHashMap<>();
        c.put("filesCached", counters.filesCached());
        c.put("parses", counters.parses());
        c.put("cacheHits", counters.cacheHits());
        c.put("identityChecks", counters.identityChecks());
        out.put("counters", c);
        out.put("replyCache", paging.cacheSummary());
        out.put("tools", registry.names().size());
        try {
            out.put("servedConnections", connections.set().servedNames().size());
        } catch (ConfigError e) {
            out.put("servedConnections", 0);
        }
        out.put("uptimeMillis", ManagementFactory.getRuntimeMXBean().getUptime());
        Runtime rt = Runtime.getRuntime();
        out.put("heapUsedBytes", rt.totalMemory() - rt.freeMemory());
        return out;
    }

    /** The URI of the page after the one just read, from its {@code _meta}; empty on the last page. */
    static Optional<String> nextPageUri(String uri, Map<String, Object> result) {
        if (!(result.get("contents") instanceof List<?> contents) || contents.isEmpty()
                || !(contents.get(0) instanceof Map<?, ?> first) || !(first.get("_meta") instanceof Map<?, ?> meta)) {
            return Optional.empty();
        }
        if (!(meta.get("page") instanceof Number page) || !(meta.get("pages") instanceof Number pages)
                || page.intValue() >= pages.intValue() || meta.get("version") == null) {
            return Optional.empty();
        }
        int q = uri.indexOf('?');
        String base = q < 0 ? uri : uri.substring(0, q);
        return Optional.of(base + "?page=" + (page.intValue() + 1) + "&version=" + meta.get("version"));
    }

    private Map<String, Object> error(ProtocolError e) {
        Map<String, Object> out = new LinkedHashMap<>();
        Map<String, Object> error = new LinkedHashMap<>();
        error.put("code", e.code());
        error.put("message", e.getMessage());
        out.put("error", error);
        return out;
    }

    private JsonNode parse(String text) {
        try {
            return mapper.readTree(text);
        } catch (JsonProcessingException e) {
            return null;
        }
    }

    private Map<String, Object> textEntry(String fqn) {
        Map<String, Object> row = new LinkedHashMap<>();
        row.put("table", fqn);
        return row;
    }

    private Object plain(JsonNode node) {
        return mapper.convertValue(node, Object.class);
    }

    private Map<String, Object> plainObject(JsonNode node) {
        return mapper.convertValue(node, new TypeReference<LinkedHashMap<String, Object>>() {
        });
    }

    private String pretty(JsonNode node) {
        try {
            return mapper.writerWithDefaultPrettyPrinter().writeValueAsString(node);
        } catch (JsonProcessingException e) {
            return node.toString();
        }
    }

    private static String abbreviate(String text) {
        return text.length() <= 200 ? text : text.substring(0, 200) + "…";
    }

    /**
     * Reassembles an item sent in parts (spec §4.8: {@code {"part", "parts", "text"}} entries, one per page, whose texts
     * concatenate to the item's JSON); any other entry passes through.
     */
    final class PartJoiner {

        private final StringBuilder pending = new StringBuilder();

        JsonNode accept(JsonNode item) {
            boolean isPart = item.isObject() && item.size() == 3 && item.path("part").isIntegralNumber()
                    && item.path("parts").isIntegralNumber() && item.path("text").isTextual();
            if (!isPart) {
                return item;
            }
            pending.append(item.get("text").asText());
            if (item.get("part").asInt() < item.get("parts").asInt()) {
                return null;
            }
            JsonNode whole = parse(pending.toString());
            pending.setLength(0);
            return whole != null ? whole : mapper.getNodeFactory().textNode("(unparseable parts)");
        }
    }
}
