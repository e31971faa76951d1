import { LitElement, html, css } from 'lit';
import { JsonRpc } from 'jsonrpc';
import '@vaadin/button';
import '@vaadin/progress-bar';

/** The counters' labels: the service answers their field names (filesCached), a person reads words. */
const COUNTER_LABELS = {
    filesCached: 'files cached',
    parses: 'parses',
    cacheHits: 'cache hits',
    identityChecks: 'identity checks',
};

/** The parse cache's counters (PrintStore) and the reply cache's size, with the served set and JVM figures; refreshable. */
export class QwcDbprintCache extends LitElement {

    jsonRpc = new JsonRpc(this);

    static styles = css`
        :host { display: flex; flex-direction: column; gap: 10px; padding: 10px; }
        .muted { color: var(--lumo-secondary-text-color); }
        table { border-collapse: collapse; }
        td { padding: 4px 16px 4px 0; }
        td.value { font-family: monospace; text-align: right; }
    `;

    static properties = {
        _stats: { state: true },
    };

    constructor() {
        super();
        this._stats = null;
    }

    connectedCallback() {
        super.connectedCallback();
        this._load();
    }

    _load() {
        this.jsonRpc.cacheStats().then(r => { this._stats = r.result; });
    }

    render() {
        const s = this._stats;
        if (!s) {
            return html`<vaadin-progress-bar indeterminate></vaadin-progress-bar>`;
        }
        const rows = [];
        if (s.counters) {
            for (const [k, v] of Object.entries(s.counters)) {
                rows.push([COUNTER_LABELS[k] ?? k, v]);
            }
        }
        rows.push(['reply cache', s.replyCache], ['served connections', s.servedConnections], ['tools', s.tools],
            ['uptime (s)', (s.uptimeMillis / 1000).toFixed(1)], ['heap used (MiB)', (s.heapUsedBytes / 1048576).toFixed(1)]);
        return html`
            ${s.available ? '' : html`<div class="muted">${s.note}</div>`}
            <table>${rows.map(([k, v]) => html`<tr><td>${k}</td><td class="value">${v}</td></tr>`)}</table>
            <div><vaadin-button @click="${() => this._load()}">Refresh</vaadin-button></div>
        `;
    }
}
customElements.define('qwc-dbprint-cache', QwcDbprintCache);
