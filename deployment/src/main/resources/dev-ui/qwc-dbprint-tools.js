import { LitElement, html, css } from 'lit';
import { JsonRpc } from 'jsonrpc';
import '@vaadin/button';
import '@vaadin/checkbox';
import '@vaadin/text-field';
import '@vaadin/text-area';
import '@vaadin/progress-bar';
import '@vaadin/select';
import { looksLikeMarkdown } from './qwc-dbprint-markdown.js';

/**
 * The registered tools with their exact input schemas, and a form that calls one through the server's own
 * ToolInvoker (an enum argument is a drop-down of the schema's values). The reply shows beside the form: a Markdown
 * reply rendered, with the raw text a toggle away, any other reply verbatim, and "Next page" repeats the call with the
 * reply's next_cursor as cursor until the last page.
 */
export class QwcDbprintTools extends LitElement {

    jsonRpc = new JsonRpc(this);

    static styles = css`
        :host { display: flex; flex-direction: row; gap: 16px; padding: 10px; height: 100%; }
        .list { display: flex; flex-direction: column; min-width: 220px; gap: 4px; }
        .list vaadin-button { justify-content: flex-start; }
        .detail { display: flex; flex-direction: column; gap: 8px; flex: 1; min-width: 0; }
        .muted { color: var(--lumo-secondary-text-color); }
        .error { color: var(--lumo-error-text-color); }
        pre { white-space: pre-wrap; word-break: break-word; background: var(--lumo-contrast-5pct);
              padding: 8px; border-radius: 4px; font-size: 85%; margin: 0; }
        .row { display: flex; gap: 8px; align-items: center; flex-wrap: wrap; }
        /* the form and the reply side by side, so a reply is in sight as soon as it comes (the longest form has
           nine fields); on a narrow window the reply wraps below and is scrolled into view */
        .work { display: flex; flex-wrap: wrap; gap: 16px; align-items: flex-start; }
        .form { display: flex; flex-direction: column; gap: 8px; flex: 0 1 340px; min-width: 260px; }
        .result { display: flex; flex-direction: column; gap: 8px; flex: 1 1 420px; min-width: 0; }
        details summary { cursor: pointer; }
    `;

    static properties = {
        _tools: { state: true },
        _selected: { state: true },
        _values: { state: true },
        _raw: { state: true },
        _useRaw: { state: true },
        _pages: { state: true },
        _busy: { state: true },
        _fault: { state: true },
    };

    constructor() {
        super();
        this._tools = null;
        this._selected = null;
        this._values = {};
        this._raw = '{}';
        this._useRaw = false;
        this._pages = [];
        this._busy = false;
        this._fault = null;
    }

    connectedCallback() {
        super.connectedCallback();
        this.jsonRpc.tools().then(r => {
            this._tools = r.result;
            if (this._tools.length > 0) {
                this._select(this._tools[0]);
            }
        });
    }

    render() {
        if (!this._tools) {
            return html`<vaadin-progress-bar indeterminate></vaadin-progress-bar>`;
        }
        if (this._tools.length === 0) {
            return html`<div class="muted">No tool is registered in this build.</div>`;
        }
        return html`
            <div class="list">
                ${this._tools.map(t => html`
                    <vaadin-button theme="${this._selected === t ? 'primary' : 'tertiary'}" @click="${() => this._select(t)}">
                        <code>${t.name}</code></vaadin-button>`)}
            </div>
            <div class="detail">${this._selected ? this._renderTool(this._selected) : ''}</div>
        `;
    }

    _select(tool) {
        this._selected = tool;
        this._values = {};
        this._raw = '{}';
        this._pages = [];
        this._fault = null;
    }

    _renderTool(tool) {
        return html`
            <h3 style="margin:0">${tool.title} <code class="muted">${tool.name}</code></h3>
            <div>${tool.description}</div>
            <details><summary>inputSchema</summary><pre>${tool.inputSchema}</pre></details>
            <div class="work">
                <div class="form">
                    <vaadin-checkbox label="Edit arguments as JSON" .checked="${this._useRaw}"
                        @change="${e => { this._raw = this._argumentsJson(); this._useRaw = e.target.checked; }}"></vaadin-checkbox>
                    ${this._useRaw
                        ? html`<vaadin-text-area label="arguments" style="font-family: monospace; width: 100%; min-height: 120px"
                                .value="${this._raw}" @input="${e => this._raw = e.target.value}"></vaadin-text-area>`
                        : tool.args.filter(a => a.name !== 'cursor').map(a => this._renderArg(a))}
                    <div class="row">
                        <vaadin-button theme="primary" ?disabled="${this._busy}" @click="${() => this._call(null)}">Call</vaadin-button>
                        ${this._nextCursor() ? html`<vaadin-button ?disabled="${this._busy}"
                                @click="${() => this._call(this._nextCursor())}">Next page</vaadin-button>` : ''}
                        ${this._busy ? html`<vaadin-progress-bar indeterminate style="width: 120px"></vaadin-progress-bar>` : ''}
                    </div>
                </div>
                <div class="result">
                    ${this._fault ? html`<div class="error">${this._fault}</div>` : ''}
                    ${this._pages.length === 0 && !this._fault ? html`<div class="muted">The reply shows here.</div>` : ''}
                    ${this._pages.map((p, i) => html`
                        <div class="muted">Page ${i + 1}: ${p.chars} characters${p.isError ? ', isError: true' : ''}${p.cursor
                            ? html` — cursor <code>${p.cursor.substring(0, 24)}…</code>` : ''}</div>
                        <qwc-dbprint-markdown .text="${p.text}" ?fault="${p.isError}"
                            ?markdown="${looksLikeMarkdown(p.text)}"></qwc-dbprint-markdown>`)}
                </div>
            </div>
        `;
    }

    _renderArg(arg) {
        const label = `${arg.name}${arg.required ? ' *' : ''} (${arg.type}${arg.enum ? ': ' + arg.enum.join(' | ') : ''})`;
        if (arg.type === 'boolean') {
            return html`<vaadin-checkbox label="${label}" helper-text="${arg.description}"
                .checked="${this._values[arg.name] ?? arg.default ?? false}"
                @change="${e => this._set(arg.name, e.target.checked)}"></vaadin-checkbox>`;
        }
        if (arg.enum) {
            // '' leaves the argument out, so the schema's default applies
            const items = [{ label: `(default${arg.default != null ? ': ' + arg.default : ''})`, value: '' },
                ...arg.enum.map(v => ({ label: `${v}`, value: `${v}` }))];
            return html`<vaadin-select label="${label}" helper-text="${arg.description}" style="width: 100%"
                .items="${items}" .value="${this._values[arg.name] ?? ''}"
                @value-changed="${e => this._set(arg.name, e.detail.value)}"></vaadin-select>`;
        }
        return html`<vaadin-text-field label="${label}" helper-text="${arg.description}" style="width: 100%"
            placeholder="${arg.default ?? ''}" clear-button-visible .value="${this._values[arg.name] ?? ''}"
            @input="${e => this._set(arg.name, e.target.value)}"></vaadin-text-field>`;
    }

    _set(name, value) {
        this._values = { ...this._values, [name]: value };
    }

    /** The form's values as the arguments object: empty text fields are omitted, integers are sent as numbers. */
    _argumentsJson() {
        const args = {};
        for (const a of this._selected.args) {
            const v = this._values[a.name];
            if (v === undefined || v === '') {
                continue;
            }
            args[a.name] = (a.type === 'integer' || a.type === 'number') && !isNaN(Number(v)) ? Number(v) : v;
        }
        return JSON.stringify(args, null, 2);
    }

    _nextCursor() {
        const last = this._pages[this._pages.length - 1];
        return last && last.nextCursor ? last.nextCursor : null;
    }

    _call(cursor) {
        let args;
        try {
            args = JSON.parse(this._useRaw ? this._raw : this._argumentsJson());
        } catch (e) {
            this._fault = `arguments are not valid JSON: ${e}`;
            return;
        }
        if (cursor) {
            args.cursor = cursor;
        } else {
            this._pages = [];
        }
        this._fault = null;
        this._busy = true;
        this.jsonRpc.callTool({ name: this._selected.name, arguments: JSON.stringify(args) }).then(r => {
            this._busy = false;
            const reply = r.result;
            if (reply.error) {
                this._fault = reply.error;
                return;
            }
            this._pages = [...this._pages, { ...reply, cursor }];
        }).catch(e => {
            this._busy = false;
            this._fault = `${e}`;
        }).then(() => this.updateComplete).then(() => {
            // the start of the reply just received (or of the fault), into view when the window is too narrow
            // for the two columns
            const shown = this.shadowRoot.querySelectorAll('.result > *');
            const first = this._fault ? shown[0] : shown[shown.length - 2];
            first?.scrollIntoView({ block: 'nearest' });
        });
    }
}
customElements.define('qwc-dbprint-tools', QwcDbprintTools);
