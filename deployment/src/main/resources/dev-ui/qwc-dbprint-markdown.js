import { LitElement, html, css } from 'lit';
import { unsafeHTML } from 'lit/directives/unsafe-html.js';
import '@vaadin/checkbox';

/**
 * A reply's text, rendered as Markdown (with a toggle back to the raw text an agent receives) when it is Markdown, and
 * shown verbatim otherwise (JSON, YAML, SQL). The renderer covers what the server writes: headings, lists, pipe
 * tables, fenced blocks, paragraphs, `code`, **bold** and *emphasis*. A line break inside a paragraph or list item is
 * kept, as the reply means it (an agent reads the text line by line: "profiled at …" and "Scope: …" are two lines),
 * where Markdown proper would join the lines. Every character of the text is escaped before any tag is added, so
 * nothing in a print can inject markup.
 */
export class QwcDbprintMarkdown extends LitElement {

    static styles = css`
        pre { white-space: pre-wrap; word-break: break-word; background: var(--lumo-contrast-5pct);
              padding: 8px; border-radius: 4px; font-size: 85%; margin: 0; }
        pre.fault { border-left: 4px solid var(--lumo-error-color); }
        .md { background: var(--lumo-contrast-5pct); padding: 4px 12px; border-radius: 4px; overflow-x: auto; }
        .md table { border-collapse: collapse; font-size: 85%; margin: 6px 0; }
        .md th, .md td { border: 1px solid var(--lumo-contrast-20pct); padding: 2px 6px; text-align: left;
                         vertical-align: top; }
        .md code { font-size: 90%; background: var(--lumo-contrast-10pct); padding: 0 2px; border-radius: 2px; }
        .md pre code { background: none; padding: 0; }
        .md h1, .md h2, .md h3, .md h4 { margin: 10px 0 4px 0; }
        .md ul { margin: 4px 0; padding-left: 20px; }
        .md p { margin: 6px 0; }
    `;

    static properties = {
        text: { type: String },
        markdown: { type: Boolean },
        fault: { type: Boolean },
        _raw: { state: true },
    };

    constructor() {
        super();
        this.text = '';
        this.markdown = false;
        this.fault = false;
        this._raw = false;
    }

    render() {
        if (!this.markdown || this.fault) {
            return html`<pre class="${this.fault ? 'fault' : ''}">${this.text}</pre>`;
        }
        return html`
            <vaadin-checkbox label="Raw text" .checked="${this._raw}"
                @change="${e => this._raw = e.target.checked}"></vaadin-checkbox>
            ${this._raw ? html`<pre>${this.text}</pre>` : html`<div class="md">${unsafeHTML(renderMarkdown(this.text))}</div>`}
        `;
    }
}
customElements.define('qwc-dbprint-markdown', QwcDbprintMarkdown);

/** Whether a reply is Markdown: not a JSON document, and carrying a heading or a list line. */
export function looksLikeMarkdown(text) {
    const t = (text || '').trimStart();
    return !t.startsWith('{') && !t.startsWith('[') && /^(#{1,6} |- |\| )/m.test(t);
}

function escape(s) {
    return s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

/** Inline spans of an escaped line: `code` first, so nothing inside it is read as emphasis. */
function inline(s) {
    return escape(s).split(/(`[^`]+`)/).map(part => part.startsWith('`') && part.endsWith('`') && part.length > 1
        ? `<code>${part.slice(1, -1)}</code>`
        : part.replace(/\*\*([^*]+)\*\*/g, '<strong>$1</strong>').replace(/(^|[\s(])\*([^*\s][^*]*)\*/g, '$1<em>$2</em>'))
        .join('');
}

function cells(row) {
    return row.trim().replace(/^\|/, '').replace(/\|$/, '').split('|').map(c => c.trim());
}

export function renderMarkdown(text) {
    const lines = (text || '').split('\n');
    const out = [];
    let i = 0;
    while (i < lines.length) {
        const line = lines[i];
        if (line.startsWith('```')) {
            const body = [];
            for (i++; i < lines.length && !lines[i].startsWith('```'); i++) {
                body.push(lines[i]);
            }
            i++;
            out.push(`<pre><code>${escape(body.join('\n'))}</code></pre>`);
        } else if (/^#{1,6} /.test(line)) {
            const level = line.indexOf(' ');
            out.push(`<h${level}>${inline(line.slice(level + 1))}</h${level}>`);
            i++;
        } else if (line.trimStart().startsWith('|')) {
            const rows = [];
            for (; i < lines.length && lines[i].trimStart().startsWith('|'); i++) {
                rows.push(lines[i]);
            }
            const hasHeader = rows.length > 1 && /^\s*\|?[\s:|-]+\|?\s*$/.test(rows[1]);
            const head = hasHeader ? `<thead><tr>${cells(rows[0]).map(c => `<th>${inline(c)}</th>`).join('')}</tr></thead>` : '';
            const body = (hasHeader ? rows.slice(2) : rows)
                .map(r => `<tr>${cells(r).map(c => `<td>${inline(c)}</td>`).join('')}</tr>`).join('');
            out.push(`<table>${head}<tbody>${body}</tbody></table>`);
        } else if (/^\s*[-*] /.test(line)) {
            const items = [];
            while (i < lines.length && /^\s*[-*] /.test(lines[i])) {
                const item = [lines[i].replace(/^\s*[-*] /, '')];
                // an indented line below an item continues it
                for (i++; i < lines.length && /^\s+\S/.test(lines[i]) && !/^\s*[-*] /.test(lines[i]); i++) {
                    item.push(lines[i].trim());
                }
                items.push(`<li>${item.map(inline).join('<br>')}</li>`);
            }
            out.push(`<ul>${items.join('')}</ul>`);
        } else if (line.trim() === '') {
            i++;
        } else {
            const para = [];
            for (; i < lines.length && lines[i].trim() !== '' && !/^(#{1,6} |```|\s*[-*] |\s*\|)/.test(lines[i]); i++) {
                para.push(lines[i].trim());
            }
            out.push(`<p>${para.map(inline).join('<br>')}</p>`);
        }
    }
    return out.join('\n');
}
