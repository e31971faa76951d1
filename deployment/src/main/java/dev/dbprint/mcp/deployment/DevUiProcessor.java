package dev.dbprint.mcp.deployment;

import java.util.List;

import dev.dbprint.mcp.devui.DbprintJsonRpcService;
import io.quarkus.deployment.IsDevelopment;
import io.quarkus.deployment.annotations.BuildStep;
import io.quarkus.devui.spi.JsonRPCProvidersBuildItem;
import io.quarkus.devui.spi.page.CardPageBuildItem;
import io.quarkus.devui.spi.page.Page;

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
        card.addPage(Page.webComponentPageBuilder()
                .title("Connections")
                .icon("font-awesome-solid:database")
                .componentLink("qwc-dbprint-connections.js"));
        card.addPage(Page.webComponentPageBuilder()
                .title("Tools")
                .icon("font-awesome-solid:toolbox")
                .componentLink("qwc-dbprint-tools.js")
                .staticLabel(String.valueOf(tools.size())));
        card.addPage(Page.webComponentPageBuilder()
                .title("Resources")
                .icon("font-awesome-solid:file-lines")
                .componentLink("qwc-dbprint-resources.js"));
        card.addPage(Page.webComponentPageBuilder()
                .title("Cache")
                .icon("font-awesome-solid:gauge")
                .componentLink("qwc-dbprint-cache.js"));
        return card;
    }

    @BuildStep(onlyIf = IsDevelopment.class)
    JsonRPCProvidersBuildItem jsonRpc() {
        return new JsonRPCProvidersBuildItem(DbprintJsonRpcService.class);
    }
}
