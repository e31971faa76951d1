import { LitElement, html, css } from 'lit';
import { JsonRpc } from 'jsonrpc';
import { columnBodyRenderer } from '@vaadin/grid/lit.js';
import '@vaadin/grid';
import '@vaadin/button';
import '@vaadin/text-field';
import '@vaadin/progress-bar';
import './qwc-dbprint-markdown.js';

/**
 * Resource browser: resources/list (following nextCursor), then resources/read of a chosen URI through the server's
 * ResourceService, page by page (?page=n&version=v as _meta reports), text/markdown rendered (raw a toggle away),
 * with protocol errors shown as the client sees them (code and message).
 */
export class QwcDbprintResources extends LitElement {

    jsonRpc = new JsonRpc(this);

    static styles = css`
        :host { display: flex; flex-direction: column; gap: 10px; padding: 10px; }
        .muted { color: var(--lumo-secondary-text-color); }
        .error { color: var(--lumo-error-text-color); white-space: pre-wrap; }
        pre { white-space: pre-wrap; word-break: break-word; background: var(--lumo-contrast-5pct);
              padding: 8px; border-radius: 4px; font-size: 85%; margin: 0; }
        .row { display: flex; gap: 8px; align-items: end; flex-wrap: wrap; }
        vaadin-grid::part(row):hover { cursor: pointer; }
    `;

    static properties = {
        _listing: { state: true },
        _listFault: { state: true },
        _nextCursor: { state: true },
        _templates: { state: true },
        _uri: { state: true },
        _read: { state: true },
        _busy: { state: true },
    };

    constructor() {
        super();
        this._listing = null;
        this._listFault = null;
        this._nextCursor = null;
        this._templates = [];
        this._uri = '';
        this._read = null;
        this._busy = false;
    }

    connectedCallback() {
        super.connectedCallback();
        this._list(null);
        this.jsonRpc.resourceTemplates().then(r => { this._templates = r.result.resourceTemplates || []; });
    }

    _list(cursor) {
        this.jsonRpc.listResources({ cursor: cursor ?? '' }).then(r => {
            const page = r.result;
            if (page.error) {
                this._listFault = `${page.error.code}: ${page.error.message}`;
                return;
            }
            this._listFault = null;
            this._listing = cursor ? [...this._listing, ...page.resources] : page.resources;
            this._nextCursor = page.nextCursor || null;
        });
    }

    _readUri(uri) {
        this._uri = uri;
        this._busy = true;
        this.jsonRpc.readResource({ uri }).then(r => {
            this._busy = false;
            this._read = { uri, ...r.result };
        });
    }

    render() {
        return html`
            ${this._listFault ? html`<div class="error">resources/list: ${this._listFault}</div>` : ''}
            ${this._listing === null ? html`<vaadin-progress-bar indeterminate></vaadin-progress-bar>` : html`
                <div class="muted">${this._listing.length} resource(s)${this._nextCursor ? ' so far' : ''}</div>
                <vaadin-grid .items="${this._listing}" theme="row-stripes no-border compact" style="height: 320px"
                    @active-item-changed="${e => { if (e.detail.value) this._readUri(e.detail.value.uri); }}">
                    <vaadin-grid-column header="URI" auto-width
                        ${columnBodyRenderer(r => html`<code>${r.uri}</code>`, [])}></vaadin-grid-column>
                    <vaadin-grid-column path="mimeType" header="mimeType" auto-width></vaadin-grid-column>
                    <vaadin-grid-column path="description" header="Description"></vaadin-grid-column>
                </vaadin-grid>
                ${this._nextCursor ? html`<div><vaadin-button @click="${() => this._list(this._nextCursor)}">
                    Load next page of the list</vaadin-button></div>` : ''}`}
            ${this._templates.length ? html`<details><summary>Templates (${this._templates.length})</summary>
                <pre>${this._templates.map(t => t.uriTemplate).join('\n')}</pre></details>` : ''}
            <div class="row">
                <vaadin-text-field label="URI" style="flex: 1" .value="${this._uri}"
                    @input="${e => this._uri = e.target.value}"
                    @keydown="${e => { if (e.key === 'Enter') this._readUri(this._uri); }}"></vaadin-text-field>
                <vaadin-button theme="primary" ?disabled="${this._busy}" @click="${() => this._readUri(this._uri)}">Read</vaadin-button>
            </div>
            ${this._renderRead()}
        `;
    }

    _renderRead() {
        const r = this._read;
        if (!r) {
            return html``;
        }
        if (r.error) {
            return html`<div class="error">${r.uri}: error ${r.error.code}: ${r.error.message}</div>`;
        }
        const content = (r.contents || [])[0] || {};
        const meta = content._meta;
        return html`
            <div class="row muted">
                <code>${content.uri}</code> — ${content.mimeType}${meta ? html` — page ${meta.page} of ${meta.pages},
                    version <code>${meta.version}</code>` : ''}
                ${r.nextUri ? html`<vaadin-button theme="small" @click="${() => this._readUri(r.nextUri)}">Next page</vaadin-button>` : ''}
            </div>
            <qwc-dbprint-markdown .text="${content.text ?? content.blob ?? ''}"
                ?markdown="${content.mimeType === 'text/markdown'}"></qwc-dbprint-markdown>
        `;
    }
}
customElements.define('qwc-dbprint-resources', QwcDbprintResources);
