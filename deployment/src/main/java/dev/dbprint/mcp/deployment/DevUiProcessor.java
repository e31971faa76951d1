package dev.dbprint.mcp.deployment;

import java.util.List;

import dev.dbprint.mcp.devui.DbprintJsonRpcService;
import io.quarkus.deployment.IsDevelopment;
import io.quarkus.deployment.annotations.BuildStep;
import io.quarkus.devui.spi.JsonRPCProvidersBuildItem;
import io.quarkus.devui.spi.page.CardPageBuildItem;
import io.quarkus.devui.spi.page.Page;
import io.quarkus.devui.spi.page.WebComponentPageBuilder;

/**
 * The dbprint card of the Dev UI ({@code quarkus:dev}, {@code /q/dev-ui}): served connections and their tables, the
 * tools with a form to call them page by page, a resource browser, and cache statistics. The pages are Lit web
 * components under {@code dev-ui/}; they talk to {@link DbprintJsonRpcService} over the Dev UI's JSON-RPC channel. None
 * of this exists outside dev mode.
 */
class DevUiProcessor {

    @BuildStep(onlyIf = IsDevelopment.class)
    CardPageBuildItem card(List<ToolMethodBuildItem> tools) {
        CardPageBuildItem card = new CardPageBuildItem();
        card.addPage(page("Connections", "database", "qwc-dbprint-connections.js"));
        card.addPage(page("Tools", "toolbox", "qwc-dbprint-tools.js").staticLabel(String.valueOf(tools.size())));
        card.addPage(page("Resources", "file-lines", "qwc-dbprint-resources.js"));
        card.addPage(page("Cache", "gauge", "qwc-dbprint-cache.js"));
        return card;
    }

    /** A page of the card: its title, its Font Awesome (solid) icon, and the web component under dev-ui/ that draws it. */
    private static WebComponentPageBuilder page(String title, String icon, String component) {
        return Page.webComponentPageBuilder().title(title).icon("font-awesome-solid:" + icon).componentLink(component);
    }

    @BuildStep(onlyIf = IsDevelopment.class)
    JsonRPCProvidersBuildItem jsonRpc() {
        return new JsonRPCProvidersBuildItem(DbprintJsonRpcService.class);
    }
}
