// Drives the server with the official TypeScript MCP client (@modelcontextprotocol/client), in either era: pinned to
// protocol revision 2026-07-28 (modern), or through the plain initialize handshake (legacy). Both eras: tools/list, then
// structured results: list_tables, whose structuredContent the client validates against the outputSchema tools/list
// declared (and refuses against a stricter one), a fault of resolve_value (text alone), get_table_context in json
// (structuredContent, no schema) and in md (text alone). Modern only: server/discover, get_table_context followed through all its pages, check_sql on a draft
// statement, a resource read page by page, and the completion of a resource template's variables. Prints one JSON
// report on stdout for ModernTypeScriptClientIT to judge; exits non-zero on any error.
// usage: node modern-client.mjs modern|legacy stdio <java> <runner.jar> <project>
//        node modern-client.mjs modern|legacy http <url>
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';

const [era, mode, ...rest] = process.argv.slice(2);
const transport = mode === 'stdio'
    ? new StdioClientTransport({ command: rest[0], args: ['-jar', rest[1], '--project', rest[2]], stderr: 'ignore' })
    : new StreamableHTTPClientTransport(new URL(rest[0]));
const client = new Client({ name: 'dbprint-interop', version: '1' },
    era === 'modern' ? { versionNegotiation: { mode: { pin: '2026-07-28' } } } : {});

await client.connect(transport);
const report = { era: client.getProtocolEra(), version: client.getNegotiatedProtocolVersion() };

const tools = await client.listTools();
report.tools = tools.tools.map(t => t.name).sort();
report.outputSchemas = tools.tools.filter(t => t.outputSchema).map(t => t.name).sort();

// structured results: the client validates list_tables' structuredContent against the listed outputSchema ...
const tables = await client.callTool({ name: 'list_tables', arguments: {} });
report.listTables = { structured: tables.structuredContent, text: JSON.parse(tables.content[0].text) };
// ... and refuses it against a schema it does not meet, which shows that it validated at all
const listed = tools.tools.find(t => t.name === 'list_tables');
try {
    await client.callTool({ name: 'list_tables', arguments: {} }, { toolDefinition: { ...listed,
        outputSchema: { ...listed.outputSchema, required: ['no_such_key'] } } });
    report.stricterSchema = 'accepted';
} catch (e) {
    report.stricterSchema = e.message;
}
// a fault of a tool declaring an outputSchema: isError and text alone, which the client passes through unvalidated
const fault = await client.callTool({ name: 'resolve_value', arguments: { table: 'rental.nope', column: 'x', text: 'y' } });
report.fault = { isError: fault.isError, hasStructured: fault.structuredContent !== undefined,
    text: fault.content[0].text };
const json = await client.callTool({ name: 'get_table_context',
    arguments: { table: 'rental.tariff', purpose: 'query', format: 'json' } });
report.contextJson = { structured: json.structuredContent, text: JSON.parse(json.content[0].text) };
const md = await client.callTool({ name: 'get_table_context', arguments: { table: 'rental.tariff', purpose: 'query' } });
report.contextMd = { hasStructured: md.structuredContent !== undefined, isError: md.isError ?? false,
    text: md.content[0].text };

if (era !== 'modern') {
    await client.close();
    process.stdout.write(JSON.stringify(report) + '\n');
    process.exit(0);
}

const discover = await client.discover();
report.discover = { supportedVersions: discover.supportedVersions, resultType: discover.resultType,
    serverInfo: discover._meta?.['io.modelcontextprotocol/serverInfo']?.name };

// every page of one context, each page's parsed JSON object in order
report.contextPages = [];
let cursor;
do {
    const args = { table: 'rental.ride', purpose: 'profile', format: 'json' };
    if (cursor) args.cursor = cursor;
    const result = await client.callTool({ name: 'get_table_context', arguments: args });
    if (result.isError) throw new Error('get_table_context failed: ' + JSON.stringify(result.content));
    const page = JSON.parse(result.content[0].text);
    report.contextPages.push(page);
    cursor = page.next_cursor;
} while (cursor && report.contextPages.length < 20);

// a draft statement checked before it is run: a join on an edge a person rejected
const check = await client.callTool({ name: 'check_sql', arguments: {
    sql: 'SELECT c.customer_id, t.name FROM rental.customer c JOIN rental.tariff t ON t.tariff_id = c.tariff_id' } });
if (check.isError) throw new Error('check_sql failed: ' + JSON.stringify(check.content));
report.checkSql = check.content[0].text;

// a paged resource: page 1 names the page count and version, later pages are read at that version
const uri = 'dbprint:///reference/spec';
const first = await client.readResource({ uri });
const { pages, version } = first.contents[0]._meta;
let text = first.contents[0].text;
for (let n = 2; n <= pages; n++) {
    const page = await client.readResource({ uri: `${uri}?page=${n}&version=${version}` });
    text += page.contents[0].text;
}
report.resource = { uri, pages, text };

// completion of the statistics template's variables: the connection, then a table of the connection filled in
const templates = await client.listResourceTemplates();
const template = templates.resourceTemplates.map(t => t.uriTemplate).find(u => u.includes('{table}/statistics'));
const connection = await client.complete({ ref: { type: 'ref/resource', uri: template },
    argument: { name: 'connection', value: 'sh' } });
const table = await client.complete({ ref: { type: 'ref/resource', uri: template },
    argument: { name: 'table', value: 'STAT' }, context: { arguments: { connection: 'shop' } } });
report.completion = { capability: client.getServerCapabilities()?.completions ?? null, template,
    connection: connection.completion, table: table.completion };

await client.close();
process.stdout.write(JSON.stringify(report) + '\n');
