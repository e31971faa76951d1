package dev.dbprint.mcp.resource;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import dev.dbprint.mcp.config.Connections;
import dev.dbprint.mcp.config.ServedConnection;
import dev.dbprint.mcp.error.DetailedFault;
import dev.dbprint.mcp.error.ErrorCatalog;
import dev.dbprint.mcp.error.PrintError;
import dev.dbprint.mcp.error.ProtocolError;
import dev.dbprint.mcp.print.store.PrintStore;
import dev.dbprint.mcp.reference.ReferenceDocument;

/**
 * completion/complete for the variables of the resource templates resources/templates/list returns: {@code connection}
 * offers the served connections, {@code table} the followable tables of the connection the request's context has
 * filled in (the default connection when it names none), {@code document} the two reference documents.
 * {@code page} and {@code version} offer nothing: only a read of the resource knows its pages and its version.
 * <p>
 * The tables come from the manifest as parsed and cached, each entry judged on its text as list_tables judges it, so a
 * completion on a print of thousands of tables checks one file on disk (spec §7.1) and follows none of its entries. A
 * connection whose manifest cannot be read offers no table, as resources/list lists none for it; reading its manifest
 * says why.
 */
public final class TemplateCompletions {

    private static final Pattern VARIABLES = Pattern.compile("\\{\\??([^}]+)}");
    private static final String CONNECTION = "connection";
    private static final String TABLE = "table";
    private static final String DOCUMENT = "document";

    private final PrintStore store;
    private final Connections connections;
    /** Each template's variables in the order it spells them, by its {@code uriTemplate}, in list order. */
    private final Map<String, List<String>> variables = new LinkedHashMap<>();

    public TemplateCompletions(PrintStore store, Connections connections) {
        this.store = store;
        this.connections = connections;
        for (String template : Templates.uriTemplates()) {
            List<String> names = new ArrayList<>();
            Matcher m = VARIABLES.matcher(template);
            while (m.find()) {
                names.addAll(List.of(m.group(1).split(",")));
            }
            variables.put(template, List.copyOf(names));
        }
    }

    public Completion complete(CompletionRequest request) {
        List<String> names = variables.get(request.template());
        if (names == null) {
            throw ProtocolError.invalidParams(
                    ErrorCatalog.completionUnknownTemplate(request.template(), variables.keySet()));
        }
        if (!names.contains(request.variable())) {
            throw ProtocolError.invalidParams(
                    ErrorCatalog.completionUnknownVariable(request.variable(), request.template(), names));
        }
        return switch (request.variable()) {
            case CONNECTION -> Completion.ranked(connections.set().servedNames(), request.typed());
            case TABLE -> Completion.ranked(tables(request.filled().get(CONNECTION)), request.typed());
            case DOCUMENT -> Completion.ranked(
                    ReferenceResources.DOCUMENTS.stream().map(ReferenceDocument::wireName).toList(), request.typed());
            default -> Completion.NONE;
        };
    }

    /** The followable tables of the connection named (the default when {@code named} is null), in FQN order. */
    private List<String> tables(String named) {
        ServedConnection connection;
        try {
            connection = connections.resolve(Optional.ofNullable(named));
        } catch (DetailedFault e) {
            throw ProtocolError.invalidParams(named == null
                    ? ErrorCatalog.completionNeedsConnection(connections.set().servedNames())
                    : e.getMessage());
        }
        try {
            return store.view(connection).index().followableOrder();
        } catch (PrintError e) {
            return List.of();
        }
    }
}
