import { LitElement, html, css } from 'lit';
import { JsonRpc } from 'jsonrpc';
import { columnBodyRenderer } from '@vaadin/grid/lit.js';
import '@vaadin/grid';
import '@vaadin/grid/vaadin-grid-sort-column.js';
import '@vaadin/button';
import '@vaadin/progress-bar';
import { looksLikeMarkdown } from './qwc-dbprint-markdown.js';

/**
 * The served connections (name, print root, default, manifest.yaml present) and, per connection, its tables as
 * list_tables with detail: true answers them, every page followed. A table's name opens its context: the first page of
 * get_table_context, as an agent reads it (purpose profile or query).
 */
export class QwcDbprintConnections extends LitElement {

    jsonRpc = new JsonRpc(this);

    static styles = css`
        :host { display: flex; flex-direction: column; gap: 12px; padding: 10px; }
        .muted { color: var(--lumo-secondary-text-color); }
        .error { color: var(--lumo-error-text-color); white-space: pre-wrap; }
        code { font-size: 85%; }
        h3 { margin: 8px 0 4px 0; }
    `;

    static properties = {
        _info: { state: true },
        _tables: { state: true },
        _loadingTables: { state: true },
        _context: { state: true },
    };

    constructor() {
        super();
        this._info = null;
        this._tables = null;
        this._loadingTables = null;
        this._context = null;
    }

    connectedCallback() {
        super.connectedCallback();
        this._load();
    }

    _load() {
        this._tables = null;
        this.jsonRpc.connections().then(r => { this._info = r.result; });
    }

    _loadTables(name) {
        this._loadingTables = name;
        this.jsonRpc.tables({ connection: name }).then(r => {
            this._tables = r.result;
            this._loadingTables = null;
        });
    }

    _openContext(connection, table, purpose) {
        this._context = { connection, table, purpose, reply: null };
        const args = JSON.stringify({ connection, table, purpose });
        this.jsonRpc.callTool({ name: 'get_table_context', arguments: args }).then(r => {
            if (this._context && this._context.table === table && this._context.purpose === purpose) {
                this._context = { ...this._context, reply: r.result };
            }
        });
    }

    _renderContext() {
        const c = this._context;
        if (!c) {
            return html``;
        }
        const purposes = ['profile', 'query'].map(p => html`<vaadin-button theme="${p === c.purpose ? 'primary small' : 'tertiary small'}"
            @click="${() => this._openContext(c.connection, c.table, p)}">${p}</vaadin-button>`);
        const reply = c.reply;
        return html`
            <h3 id="context">get_table_context <code>${c.table}</code> ${purposes}</h3>
            ${!reply ? html`<vaadin-progress-bar indeterminate></vaadin-progress-bar>`
                : reply.error ? html`<div class="error">${reply.error}</div>`
                : html`${reply.nextCursor ? html`<div class="muted">First page of several: the Tools page follows the rest.</div>` : ''}
                    <qwc-dbprint-markdown .text="${reply.text}" ?fault="${reply.isError}"
                        ?markdown="${looksLikeMarkdown(reply.text)}"></qwc-dbprint-markdown>`}
        `;
    }

    render() {
        if (!this._info) {
            return html`<vaadin-progress-bar indeterminate></vaadin-progress-bar>`;
        }
        const info = this._info;
        return html`
            ${info.error ? html`<div class="error">${info.error}</div>` : ''}
            <div class="muted">Project: <code>${info.project}</code>
                — default connection: <code>${info.default ?? '(none: calls must name one)'}</code>
                — configured: <code>${(info.configured || []).join(', ')}</code></div>
            <vaadin-grid .items="${info.connections}" theme="row-stripes no-border" all-rows-visible>
                <vaadin-grid-column header="Connection" auto-width
                    ${columnBodyRenderer(c => html`<code>${c.name}</code>${c.isDefault ? html` <span class="muted">(default)</span>` : ''}`, [])}>
                </vaadin-grid-column>
                <vaadin-grid-column header="Print root" auto-width
                    ${columnBodyRenderer(c => html`<code>${c.root}</code>`, [])}></vaadin-grid-column>
                <vaadin-grid-column header="manifest.yaml" auto-width
                    ${columnBodyRenderer(c => c.manifest ? html`present` : html`<span class="error">missing</span>`, [])}>
                </vaadin-grid-column>
                <vaadin-grid-column header="" auto-width
                    ${columnBodyRenderer(c => html`<vaadin-button theme="small" @click="${() => this._loadTables(c.name)}">Tables</vaadin-button>`, [])}>
                </vaadin-grid-column>
            </vaadin-grid>
            <div><vaadin-button theme="tertiary" @click="${() => this._load()}">Reload</vaadin-button></div>
            ${this._renderTables()}
        `;
    }

    _renderTables() {
        if (this._loadingTables) {
            return html`<div class="muted">Calling list_tables for ${this._loadingTables}…</div>
                        <vaadin-progress-bar indeterminate></vaadin-progress-bar>`;
        }
        const t = this._tables;
        if (!t) {
            return html``;
        }
        if (!t.available) {
            return html`<h3>${t.connection}</h3><div class="muted">${t.note}</div>`;
        }
        return html`
            <h3>${t.connection}: ${t.tables.length} table(s) in ${t.pages} page(s)${t.now ? html` <span class="muted">at ${t.now}</span>` : ''}</h3>
            ${t.error ? html`<div class="error">${t.error}</div>` : ''}
            ${t.failed_tables ? html`<div class="error">Not profiled: ${t.failed_tables.join(', ')}</div>` : ''}
            ${t.warnings ? html`<div class="muted">${[].concat(t.warnings).join(' ')}</div>` : ''}
            <vaadin-grid .items="${t.tables}" theme="row-stripes no-border compact" all-rows-visible>
                <vaadin-grid-sort-column path="table" header="Table" auto-width
                    ${columnBodyRenderer(r => html`<a href="#context" title="get_table_context"
                        @click="${() => this._openContext(t.connection, r.table, 'profile')}"><code>${r.table}</code></a>`, [])}>
                </vaadin-grid-sort-column>
                <vaadin-grid-column path="type" header="Type" auto-width></vaadin-grid-column>
                <vaadin-grid-sort-column path="row_count" header="Rows" auto-width></vaadin-grid-sort-column>
                <vaadin-grid-column path="columns" header="Columns" auto-width></vaadin-grid-column>
                <vaadin-grid-column path="profiled_at" header="Profiled at" auto-width></vaadin-grid-column>
                <vaadin-grid-column header="Freshness" auto-width
                    ${columnBodyRenderer(r => r.threshold_error
                        ? html`<span class="error">${r.threshold_error}</span>`
                        : html`${r.freshness ?? ''}${r.age_days != null ? html` (${r.age_days} / ${r.max_age_days} d)` : ''}`, [])}>
                </vaadin-grid-column>
            </vaadin-grid>
            ${this._renderContext()}
        `;
    }
}
customElements.define('qwc-dbprint-connections', QwcDbprintConnections);
