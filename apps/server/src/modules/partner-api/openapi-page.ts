/**
 * The reference page at /api/docs: the OpenAPI document rendered on the server as one HTML page,
 * for a partner's developer to read. It carries no script, so the app's Content-Security-Policy
 * applies unchanged (style-src allows the inline stylesheet), and it can never drift from the
 * document: it is made from it.
 */

interface Schema {
  $ref?: string;
  type?: string | string[];
  description?: string;
  properties?: Record<string, Schema>;
  required?: string[];
  items?: Schema;
  additionalProperties?: Schema | boolean;
  anyOf?: Schema[];
  oneOf?: Schema[];
  allOf?: Schema[];
  enum?: unknown[];
  const?: unknown;
  default?: unknown;
  format?: string;
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  minItems?: number;
  maxItems?: number;
}
interface Parameter {
  name: string;
  in: string;
  required?: boolean;
  description?: string;
  schema?: Schema;
}
interface Media {
  schema?: Schema;
}
interface Response {
  description: string;
  headers?: Record<string, { description?: string; schema?: Schema }>;
  content?: Record<string, Media>;
}
interface Operation {
  operationId?: string;
  summary?: string;
  description?: string;
  tags?: string[];
  parameters?: Parameter[];
  requestBody?: { content: Record<string, Media> };
  responses?: Record<string, Response>;
  security?: Record<string, string[]>[];
}
export interface OpenApiDocument {
  info: { title: string; version: string; description?: string };
  tags?: { name: string; description?: string }[];
  components?: {
    schemas?: Record<string, Schema>;
    securitySchemes?: { oauth2?: { flows?: { clientCredentials?: { tokenUrl: string; scopes: Record<string, string> } } } };
  };
  paths: Record<string, Record<string, Operation>>;
}

const html = (text: string) =>
  text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;').replaceAll('"', '&quot;').replaceAll("'", '&#39;');
/** Escaped text whose `backticks` become code. */
const prose = (text: string) => html(text).replace(/`([^`]+)`/g, '<code>$1</code>');
const code = (value: unknown) => `<code>${html(typeof value === 'string' ? value : JSON.stringify(value))}</code>`;
const refName = (ref: string) => ref.replace('#/components/schemas/', '');
const slug = (text: string) => text.toLowerCase().replace(/[^a-z0-9]+/g, '-');

/** `string`, `integer or null`, `array of object`, a link to a named schema. */
function typeOf(schema: Schema): string {
  if (schema.$ref) return `<a href="#schema-${slug(refName(schema.$ref))}">${html(refName(schema.$ref))}</a>`;
  const variants = schema.anyOf ?? schema.oneOf;
  if (variants) return variants.map(typeOf).join(' or ');
  if (schema.type === 'array') return `array of ${schema.items ? typeOf(schema.items) : 'any'}`;
  if (Array.isArray(schema.type)) return schema.type.join(' or ');
  if (schema.type === 'object' && schema.additionalProperties && typeof schema.additionalProperties === 'object') {
    return `map of ${typeOf(schema.additionalProperties)}`;
  }
  return schema.type ?? (schema.const !== undefined ? typeof schema.const : 'any');
}

/** '1 to 64 characters', 'at most 4 items', 'at least 1 character'; '' when unbounded. */
function range(min: number | undefined, max: number | undefined, unit: string): string {
  const low = min ?? 0;
  if (max !== undefined) return low > 0 ? `${low} to ${max} ${unit}` : `at most ${max} ${unit}`;
  return low > 0 ? `at least ${low} ${low === 1 ? unit.replace(/s$/, '') : unit}` : '';
}

/** What a value must be, in words: lengths, bounds, choices, format, default. */
function rules(schema: Schema): string[] {
  const out: string[] = [];
  if (schema.const !== undefined) out.push(`always ${code(schema.const)}`);
  if (schema.enum) out.push(`one of ${schema.enum.map(code).join(', ')}`);
  if (schema.format) out.push(`format ${html(schema.format)}`);
  const length = range(schema.minLength, schema.maxLength, 'characters');
  if (length) out.push(length);
  if (schema.minimum !== undefined) out.push(`≥ ${schema.minimum}`);
  if (schema.exclusiveMinimum !== undefined) out.push(`> ${schema.exclusiveMinimum}`);
  if (schema.maximum !== undefined) out.push(`≤ ${schema.maximum}`);
  const items = range(schema.minItems, schema.maxItems, 'items');
  if (items) out.push(items);
  if (schema.pattern) out.push(`matches ${code(schema.pattern)}`);
  if (schema.default !== undefined) out.push(`default ${code(schema.default === '' ? '""' : schema.default)}`);
  return out;
}

/** The fields of an object (or of an array's objects, or of each variant), as a nested list. */
function fields(schema: Schema): string {
  const inner = schema.type === 'array' && schema.items ? schema.items : schema;
  const variants = inner.anyOf ?? inner.oneOf;
  if (variants) {
    const shown = variants.filter((v) => v.properties);
    return shown.map((v, i) => `<p class="variant">Variant ${i + 1}</p>${fields(v)}`).join('');
  }
  if (!inner.properties) return '';
  const required = new Set(inner.required ?? []);
  const rows = Object.entries(inner.properties).map(([name, field]) => {
    const notes = [
      required.has(name) ? '<span class="required">required</span>' : '<span class="optional">optional</span>',
      ...rules(field.type === 'array' && field.items ? { ...field.items, ...field, type: 'array' } : field),
    ];
    const description = field.description ? `<div class="description">${prose(field.description)}</div>` : '';
    return `<li><code class="field">${html(name)}</code> <span class="type">${typeOf(field)}</span> <span class="notes">${notes.join(' · ')}</span>${description}${fields(field)}</li>`;
  });
  return `<ul class="fields">${rows.join('')}</ul>`;
}

function schemaBlock(schema: Schema | undefined): string {
  if (!schema) return '';
  const nested = fields(schema);
  const summary = `<p class="schema-type">${typeOf(schema)}${rules(schema).length ? ` · ${rules(schema).join(' · ')}` : ''}</p>`;
  return nested ? `${summary}${nested}` : summary;
}

function parametersTable(parameters: Parameter[]): string {
  const rows = parameters.map(
    (p) =>
      `<tr><td><code>${html(p.name)}</code></td><td>${html(p.in)}</td><td>${p.schema ? typeOf(p.schema) : ''}</td><td>${p.required ? 'yes' : 'no'}</td><td>${[
        p.description ? prose(p.description) : '',
        p.schema ? rules(p.schema).join(' · ') : '',
      ]
        .filter(Boolean)
        .join('<br>')}</td></tr>`,
  );
  return `<table><thead><tr><th>Name</th><th>In</th><th>Type</th><th>Required</th><th>Notes</th></tr></thead><tbody>${rows.join('')}</tbody></table>`;
}

function responsesList(responses: Record<string, Response>): string {
  const items = Object.entries(responses).map(([status, response]) => {
    const media = Object.entries(response.content ?? {});
    const body = media
      .map(([type, m]) => (type === 'application/json' ? schemaBlock(m.schema) : `<p class="schema-type">${html(type)}</p>`))
      .join('');
    const headers = Object.keys(response.headers ?? {});
    const headerNote = headers.length ? `<p class="headers">Headers: ${headers.map(code).join(', ')}</p>` : '';
    const open = status.startsWith('2') ? ' open' : '';
    return `<details${open}><summary><span class="status s${status[0]}">${html(status)}</span> ${prose(response.description)}</summary>${headerNote}${body}</details>`;
  });
  return items.join('');
}

function operationHtml(path: string, method: string, op: Operation): string {
  const scope = op.security?.[0]?.oauth2?.[0];
  const access = scope ? `Scope <code>${html(scope)}</code>` : 'No bearer token: client credentials';
  const body = op.requestBody
    ? `<h4>Request body <span class="muted">${Object.keys(op.requestBody.content).map(html).join(' or ')}</span></h4>${schemaBlock(Object.values(op.requestBody.content)[0]?.schema)}`
    : '';
  return `<section class="operation" id="${html(op.operationId ?? slug(`${method} ${path}`))}">
<h3><span class="method ${method}">${method.toUpperCase()}</span> <code>${html(path)}</code></h3>
<p>${prose(op.summary ?? '')}</p>${op.description ? `<p>${prose(op.description)}</p>` : ''}
<p class="access">${access}</p>
${op.parameters?.length ? `<h4>Parameters</h4>${parametersTable(op.parameters)}` : ''}${body}
<h4>Responses</h4>${responsesList(op.responses ?? {})}
</section>`;
}

function operationsByTag(document: OpenApiDocument) {
  const byTag = new Map<string, { path: string; method: string; op: Operation }[]>();
  for (const [path, methods] of Object.entries(document.paths)) {
    for (const [method, op] of Object.entries(methods)) {
      const tag = op.tags?.[0] ?? 'Other';
      byTag.set(tag, [...(byTag.get(tag) ?? []), { path, method, op }]);
    }
  }
  return byTag;
}

function introHtml(document: OpenApiDocument, opts: { rateLimitPerMinute: number; baseUrl: string }): string {
  const flow = document.components?.securitySchemes?.oauth2?.flows?.clientCredentials;
  const scopes = Object.entries(flow?.scopes ?? {})
    .map(([scope, description]) => `<tr><td><code>${html(scope)}</code></td><td>${html(description)}</td></tr>`)
    .join('');
  const base = html(opts.baseUrl);
  return `<section id="getting-started"><h2>Getting started</h2>
<p>You need a client id and secret. Staff issue them for partners under <em>Admin › OAuth Credentials</em>; a shipper's account admin creates their own under <em>Settings › API &amp; webhooks</em>. The secret is shown once: keep it safe.</p>
<p>1. Trade them for an access token (valid for an hour; get a new one when it expires):</p>
<pre>curl -s -u "$CLIENT_ID:$CLIENT_SECRET" \\
  -d grant_type=client_credentials \\
  ${base}${html(flow?.tokenUrl ?? '/oauth/token')}

{"access_token": "fpat_…", "token_type": "Bearer", "expires_in": 3600, "scope": "quotes:read quotes:write …"}</pre>
<p>The client id and secret may also go in the form body (<code>client_id</code>, <code>client_secret</code>), and the body may be JSON. Send <code>scope</code> to get a token with fewer scopes than the credential holds.</p>
<p>2. Call the API with the token:</p>
<pre>curl -s -H "Authorization: Bearer $TOKEN" ${base}/api/v1/shipments?page=1</pre>
<p>A complete example that rates, books, tracks and downloads the bill of lading is <code>docs/api-client-example.mjs</code> in the repository (Node 20, no dependencies). The machine-readable document is <a href="/api/docs/openapi.json">/api/docs/openapi.json</a> (OpenAPI 3.1).</p>
</section>
<section id="scopes"><h2>Scopes</h2><p>A credential holds some scopes; each operation below names the one it needs (403 <code>insufficient_scope</code> otherwise).</p>
<table><thead><tr><th>Scope</th><th>Allows</th></tr></thead><tbody>${scopes}</tbody></table></section>
<section id="accounts"><h2>Accounts and partners</h2>
<p>An account's own credential acts for that account. A partner's credential acts for the accounts that granted the partner access: name one in the <code>Account-Id</code> header of every call (400 <code>account_required</code> without it, 403 <code>account_not_granted</code> for an account that did not grant access). Records of other accounts are 404.</p></section>
<section id="idempotency"><h2>Idempotent booking</h2>
<p>Send an <code>Idempotency-Key</code> header (1 to 100 characters, e.g. a UUID) with every booking. Retrying with the same key and the same body answers the shipment booked the first time, never a second one; the same key with another body is 409 <code>conflict</code>.</p></section>
<section id="rate-limits"><h2>Rate limits</h2>
<p>Each credential may make ${opts.rateLimitPerMinute} requests a minute. Every answer says where you stand: <code>RateLimit-Limit</code>, <code>RateLimit-Remaining</code> and <code>RateLimit-Reset</code> (seconds until the minute starts again). Past the limit the answer is 429 <code>too_many_requests</code> with a <code>Retry-After</code> header: wait that many seconds, then retry.</p></section>
<section id="errors"><h2>Errors</h2>
<p>A validation failure is 422 with the messages of each field; every other refusal is <code>{message, code}</code>, where <code>code</code> is stable and <code>message</code> is for people. The token endpoint adds OAuth's <code>error</code> and <code>error_description</code>.</p>
<pre>422 {"message": "Field is required", "errors": {"origin.postal_code": ["Field is required"]}}
403 {"message": "This credential does not have the scope this request needs.", "code": "insufficient_scope"}
429 {"message": "Too many requests for this credential. Try again in 12 seconds.", "code": "too_many_requests", "retry_after": 12}</pre></section>`;
}

const STYLE = `body{font:15px/1.55 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:#1f2933;margin:0;background:#f7f8fa}
.layout{display:flex;max-width:1280px;margin:0 auto}nav{width:260px;flex:none;padding:24px 16px;position:sticky;top:0;height:100vh;overflow:auto;box-sizing:border-box;font-size:14px}
nav ul{list-style:none;padding-left:0;margin:4px 0 12px}nav li{margin:2px 0}nav a{color:#334e68;text-decoration:none}nav .group{font-weight:600;margin-top:12px}nav .group li{font-weight:400}nav li{overflow-wrap:anywhere}
main{flex:1;min-width:0;padding:24px 32px;background:#fff}h1{margin-top:0}h2{border-bottom:1px solid #e4e7eb;padding-bottom:4px;margin-top:40px}
h3{margin:0 0 4px;font-size:17px}h4{margin:16px 0 6px;font-size:14px;text-transform:uppercase;letter-spacing:.03em;color:#52606d}
code{font:13px ui-monospace,SFMono-Regular,Menlo,monospace;background:#f0f4f8;padding:1px 4px;border-radius:3px}pre{background:#102a43;color:#f0f4f8;padding:12px 14px;border-radius:6px;overflow:auto;font-size:13px}
table{border-collapse:collapse;width:100%;font-size:14px}th,td{text-align:left;border-bottom:1px solid #e4e7eb;padding:6px 8px;vertical-align:top}td:first-child{white-space:nowrap}
.operation{border:1px solid #e4e7eb;border-radius:8px;padding:16px 18px;margin:18px 0}.method{display:inline-block;min-width:58px;text-align:center;color:#fff;border-radius:4px;font-size:12px;padding:2px 6px;margin-right:6px}
.get{background:#2680c2}.post{background:#3f9142}.put{background:#cb6e17}.delete{background:#ba2525}.access{color:#52606d}.muted{text-transform:none;font-weight:400;color:#7b8794}
.fields{list-style:none;padding-left:16px;border-left:2px solid #e4e7eb;margin:4px 0}.fields li{margin:6px 0}.field{font-weight:600}.type{color:#486581}.notes{color:#7b8794;font-size:13px}
.required{color:#ba2525}.description{color:#3e4c59}.variant{font-weight:600;margin:8px 0 2px}.schema-type{margin:4px 0;color:#486581}
details{margin:4px 0}summary{cursor:pointer}.status{display:inline-block;min-width:36px;font-weight:600}.s2{color:#3f9142}.s4{color:#ba2525}.headers{font-size:13px;color:#52606d}`;

/** The whole page; `baseUrl` fills the curl examples, `rateLimitPerMinute` is the configured limit. */
export function renderReferencePage(document: OpenApiDocument, opts: { rateLimitPerMinute: number; baseUrl: string }): string {
  const byTag = operationsByTag(document);
  const tags = (document.tags ?? []).filter((t) => byTag.has(t.name));
  const nav = tags
    .map(
      (t) =>
        `<li class="group"><a href="#tag-${slug(t.name)}">${html(t.name)}</a><ul>${(byTag.get(t.name) ?? [])
          .map(({ path, method, op }) => `<li><a href="#${html(op.operationId ?? '')}">${method.toUpperCase()} ${html(path)}</a></li>`)
          .join('')}</ul></li>`,
    )
    .join('');
  const sections = tags
    .map(
      (t) =>
        `<section id="tag-${slug(t.name)}"><h2>${html(t.name)}</h2>${t.description ? `<p>${prose(t.description)}</p>` : ''}${(
          byTag.get(t.name) ?? []
        )
          .map(({ path, method, op }) => operationHtml(path, method, op))
          .join('')}</section>`,
    )
    .join('');
  const schemas = Object.entries(document.components?.schemas ?? {})
    .map(
      ([name, schema]) =>
        `<section id="schema-${slug(name)}"><h3>${html(name)}</h3>${schema.description ? `<p>${prose(schema.description)}</p>` : ''}${schemaBlock(schema)}</section>`,
    )
    .join('');
  const { info } = document;
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${html(info.title)} reference</title><style>${STYLE}</style></head>
<body><div class="layout"><nav><ul><li class="group"><a href="#getting-started">Getting started</a></li><li><a href="#scopes">Scopes</a></li><li><a href="#accounts">Accounts and partners</a></li><li><a href="#idempotency">Idempotent booking</a></li><li><a href="#rate-limits">Rate limits</a></li><li><a href="#errors">Errors</a></li>${nav}<li class="group"><a href="#schemas">Schemas</a></li></ul></nav>
<main><h1>${html(info.title)} <span class="muted">v${html(info.version)}</span></h1>${info.description ? `<p>${prose(info.description)}</p>` : ''}
${introHtml(document, opts)}${sections}<section id="schemas"><h2>Schemas</h2>${schemas}</section></main></div></body></html>`;
}
