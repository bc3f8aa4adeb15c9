import type { FastifyDynamicSwaggerOptions } from '@fastify/swagger';
import { type ApiScope, pageMetaView, tokenAnswer } from '@freight/contracts';
import type { FastifySchema, RouteOptions } from 'fastify';
import { createJsonSchemaTransform, createJsonSchemaTransformObject } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { API_ROUTE_BY_KEY, API_ROUTES, type ApiRoute, apiPath } from './api-routes';
import { ANSWER_NAMES } from './openapi-answer-names';
import { answerBody, LIMITED_HEADERS, PAGE_META, RATE_LIMIT_HEADERS, successResponse } from './openapi-answers';

/**
 * The public API's OpenAPI 3.1 document, made by @fastify/swagger from the routes
 * Fastify holds and their zod contracts: only API_ROUTES (under /api/v1) and the token endpoint
 * appear, every other route is hidden. openapi.test.ts checks it against the route table and the
 * committed docs/openapi.json, so a route or contract change shows in review.
 */

export const TOKEN_PATH = '/oauth/token';
const TOKEN_TAG = 'Authentication';

const SCOPE_DESCRIPTIONS: Record<ApiScope, string> = {
  'quotes:read': 'Read quotes, the address book and catalog products',
  'quotes:write': 'Rate shipments; change the address book and catalog products',
  'shipments:read': 'Read and list shipments',
  'shipments:write': 'Book and cancel shipments',
  'tracking:read': 'Read the tracking events of shipments',
  'documents:read': 'Download shipping documents (BOL, labels) as PDF',
  'invoices:read': 'Read invoices and their PDFs',
  'webhooks:manage': 'Manage webhook subscriptions and their deliveries',
  'carrier_invoices:write': 'A carrier partner: post freight invoices and answer their disputes',
  'carrier_invoices:read': 'A carrier partner: read its freight invoices, what is approved and their disputes',
};

const TAG_DESCRIPTIONS: Record<ApiRoute['tag'] | typeof TOKEN_TAG, string> = {
  [TOKEN_TAG]: 'OAuth 2.0 client credentials (RFC 6749 section 4.4): trade a client id and secret for a bearer token.',
  Quotes: 'Rates of every carrier for an LTL, parcel or truckload shipment. A quote is what a booking books.',
  Shipments: 'Booking a rate of a quote, reading, listing and canceling shipments.',
  Batches:
    "Shipping at volume, as shippers do on the web: a batch of shipments (a CSV file or JSON rows in the template's columns) checked row by row, rated, booked row by row under the batch's own keys, its results read back and its documents and manifest downloaded.",
  Tracking: 'Status changes and checkpoints of a shipment, newest first.',
  Documents: 'The shipping documents of a booked shipment, as PDF.',
  'Address book': "The account's saved pickup and delivery places.",
  Products: "The account's catalog of items it ships.",
  Invoices: "The account's invoices: open ones, paid ones, and each as PDF.",
  Webhooks: 'Subscriptions that receive signed events (Standard Webhooks) and their delivery log.',
  'Carrier invoices':
    "A carrier partner's freight invoices (the EDI 210 as JSON): posted, matched to the shipment by PRO or BOL and audited; read back with what is approved, and answered in a dispute. No Account-Id: the partner acts as its carrier.",
};

/**
 * The document's own schemas and their descriptions, in a registry of their own: zod's
 * `.describe()` would write to the global registry, which every contract shares.
 */
const components = z.registry<{ id?: string; description: string }>();
const named = <T extends z.ZodType>(id: string, description: string, schema: T) => {
  components.add(schema, { id, description });
  return schema;
};
const described = <T extends z.ZodType>(description: string, schema: T) => {
  components.add(schema, { description });
  return schema;
};

const errorBody = named(
  'Error',
  'Every refusal but a validation failure. `code` is stable (e.g. invalid_token, insufficient_scope, not_found, conflict); `message` is for people, in the language of Accept-Language.',
  z.looseObject({
    message: z.string(),
    code: z.string(),
    retry_after: described('429 only: seconds to wait, as the Retry-After header says', z.number().int().optional()),
  }),
);
const validationBody = named(
  'ValidationError',
  'A request that failed validation: the messages of each field (dotted for nested fields, e.g. `pickup.postal_code`).',
  z.object({ message: z.string(), code: z.literal('validation'), errors: z.record(z.string(), z.array(z.string())) }),
);
const tokenBody = named('Token', 'A bearer token for /api/v1 calls.', tokenAnswer);
const tokenErrorBody = named(
  'TokenError',
  "RFC 6749 section 5.2's `error` beside our `{message, code}`.",
  z.object({
    error: z.enum(['invalid_request', 'invalid_client', 'unsupported_grant_type', 'invalid_scope']),
    error_description: z.string(),
    message: z.string(),
    code: z.string(),
  }),
);
// Referenced by the paged answers (their plain JSON schemas in openapi-answers.ts, and the zod ones).
named(PAGE_META, 'The position of a page in a list (`?page=` and `?per_page=`).', pageMetaView);

const json = (schema: z.ZodType, description: string) => ({ description, content: { 'application/json': { schema } } });

for (const [schema, entry] of ANSWER_NAMES) components.add(schema, entry);

/**
 * The contracts describe their answers' fields with zod's `.meta()`, which keeps them in zod's
 * global registry; the document reads this registry of its own, so each described part of an
 * answer's schema is copied into it once.
 */
function copyDescriptions(schema: z.ZodType, seen = new Set<z.ZodType>()) {
  if (seen.has(schema)) return;
  seen.add(schema);
  const description = z.globalRegistry.get(schema)?.description;
  if (description && !components.has(schema)) components.add(schema, { description });
  const def = schema.def as {
    type: string;
    shape?: Record<string, z.ZodType>;
    innerType?: z.ZodType;
    element?: z.ZodType;
    options?: z.ZodType[];
  };
  const parts = [...Object.values(def.shape ?? {}), def.innerType, def.element, ...(def.options ?? [])];
  for (const part of parts) if (part) copyDescriptions(part, seen);
}
for (const schema of [...ANSWER_NAMES.keys(), pageMetaView, tokenAnswer]) copyDescriptions(schema);

/** The success answer of a route whose `data` has a zod schema, as a response of the document. */
function schemaAnswer(route: ApiRoute) {
  const answer = answerBody(route);
  return answer && { status: answer.status, response: json(answer.body, answer.description) };
}

/** The refusals every /api/v1 route may answer (bearer.ts, plugins/errors.ts). */
const apiErrors = (route: ApiRoute) => ({
  400: json(
    errorBody,
    'A partner credential sent no Account-Id header (`account_required`); a body that is not JSON (`invalid_json`, `empty_body`); a URL that does not decode (`bad_url`); a value that cannot be stored (`invalid_input`).',
  ),
  401: json(errorBody, 'No bearer token, or one that is unknown, expired or revoked (`invalid_token`).'),
  403: json(
    errorBody,
    `The token lacks the \`${route.scope}\` scope (\`insufficient_scope\`), the credential may not act for the account (\`account_not_granted\`), or the account may not do this.`,
  ),
  404: json(errorBody, "No such record in the account (another account's records are 404 too)."),
  ...(route.path.startsWith('/api/batches/:id/rows/')
    ? { 409: json(errorBody, 'The row is booked, or held for an account admin (`conflict`).') }
    : {}),
  ...(route.method === 'POST' && route.path === '/api/shipments'
    ? {
        409: json(
          errorBody,
          "The Idempotency-Key was used before with another body (`conflict`), or the quote's rates expired (`quote_expired`: quote again).",
        ),
      }
    : {}),
  ...(route.csv
    ? {
        413: json(errorBody, 'The body is over 1 MB as JSON, or over the CSV imports’ byte limit as a file (`payload_too_large`).'),
        415: json(errorBody, 'The body is neither `application/json` nor `text/csv` (`unsupported_media_type`).'),
      }
    : route.method === 'POST' || route.method === 'PUT'
      ? {
          413: json(errorBody, 'The body is over 1 MB (`payload_too_large`).'),
          415: json(errorBody, 'The body is not `application/json` (`unsupported_media_type`).'),
        }
      : {}),
  422: json(validationBody, 'The request failed validation.'),
  429: json(errorBody, "Past the credential's rate limit (`too_many_requests`): wait Retry-After seconds."),
});

/**
 * Only the parameters in the route's own path: a module may share one params schema between
 * routes (webhooks), and OpenAPI requires every path parameter to be in the path, and required.
 */
function ownPathParams(params: unknown, path: string) {
  const schema = params as { properties?: Record<string, unknown> } | undefined;
  if (!schema?.properties) return params;
  const names = [...path.matchAll(/:(\w+)/g)].map((m) => m[1] as string);
  return {
    ...schema,
    properties: Object.fromEntries(names.map((n) => [n, schema.properties?.[n] ?? { type: 'string' }])),
    required: names,
  };
}

const accountIdHeader = {
  type: 'string',
  format: 'uuid',
  description:
    "A partner's credential: the account to act for (one that granted the partner access); required for partners. An account's own credential acts for its account and sends none.",
};
const idempotencyKeyHeader = {
  type: 'string',
  minLength: 1,
  maxLength: 100,
  description: 'Makes the booking safe to retry: the same key with the same body answers the same shipment; with another body, 409.',
};

function headersOf(route: ApiRoute) {
  const booking = route.method === 'POST' && route.path === '/api/shipments';
  // A carrier partner acts as its carrier: its routes name no account.
  const account = route.audience === 'carrier' ? {} : { 'Account-Id': accountIdHeader };
  return {
    type: 'object',
    properties: { ...account, ...(booking ? { 'Idempotency-Key': idempotencyKeyHeader } : {}) },
    required: booking ? ['Idempotency-Key'] : [],
  };
}

/** A CSV file as a body (a route with `csv`). */
const CSV_FILE = {
  type: 'string',
  description:
    'The file: UTF-8, comma-separated, the header (the columns, in any order and case) on line 1, then a row per line. Its line numbers are the rows’ `line`.',
};

/** `POST /api/shipments/:id/cancel` -> `postShipmentsIdCancel`; a file name's dot goes too (`manifest.csv` -> `ManifestCsv`). */
const operationId = (method: string, path: string) =>
  method.toLowerCase() +
  path
    .slice('/api/'.length)
    .split(/[/:_.-]+/)
    .filter(Boolean)
    .map((part) => part.charAt(0).toUpperCase() + part.slice(1))
    .join('');

const zodTransform = createJsonSchemaTransform({ schemaRegistry: components });
type TransformInput = Parameters<typeof zodTransform>[0];
const methodOf = (route: RouteOptions) => (typeof route.method === 'string' ? route.method : undefined);

function tokenOperation(input: TransformInput) {
  const { schema } = zodTransform({
    ...input,
    schema: {
      ...(input.schema as FastifySchema),
      response: {
        200: json(tokenBody, 'A bearer token.'),
        400: json(
          tokenErrorBody,
          'Another grant type, a scope the credential does not hold, or a `client_secret` in the query string (`invalid_request`: send it in the body or as HTTP Basic).',
        ),
        401: json(tokenErrorBody, 'Unknown client, wrong secret, or a revoked, expired or disabled credential.'),
        422: json(validationBody, 'A field is too long.'),
        429: json(
          errorBody,
          'Past 20 requests a minute for the client id, or 60 for the address (`too_many_requests`): wait Retry-After seconds.',
        ),
      },
    },
  });
  const responses = schema.response as Record<number, object>;
  // As for the API's routes: zod's transform drops the 429's headers.
  responses[429] = { ...responses[429], headers: LIMITED_HEADERS };
  return {
    url: TOKEN_PATH,
    schema: {
      ...schema,
      operationId: 'requestToken',
      tags: [TOKEN_TAG],
      summary: 'Get an access token (client credentials)',
      description:
        'Send `grant_type=client_credentials` with the client id and secret, either as HTTP Basic authentication or in the body (form-encoded or JSON). `scope` (space-separated) narrows the token to some of the credential’s scopes; without it the token has them all.',
      consumes: ['application/x-www-form-urlencoded', 'application/json'],
      security: [],
    },
  };
}

/** Per route: the token endpoint and API_ROUTES are documented, everything else is hidden. */
const transform: NonNullable<FastifyDynamicSwaggerOptions['transform']> = (input) => {
  const method = methodOf(input.route);
  if (method === 'POST' && input.url === TOKEN_PATH) return tokenOperation(input);
  const route = method ? API_ROUTE_BY_KEY.get(`${method} ${input.url}`) : undefined;
  if (!route) return { schema: { hide: true }, url: input.url };
  // The document is the contracts: an API route without its zod schema would be documented as taking anything.
  if (!input.schema) throw new Error(`${method} ${input.url} is in API_ROUTES but has no schema: give it its zod contract`);
  const given = input.schema as FastifySchema;
  // A body validated per media type (the batch upload's JSON rows): zod's transform reads the JSON one.
  const jsonBody = (given.body as { content?: Record<string, { schema: unknown }> } | undefined)?.content?.['application/json']?.schema;
  const success = schemaAnswer(route);
  const { schema } = zodTransform({
    ...input,
    schema: {
      ...given,
      ...(jsonBody ? { body: jsonBody } : {}),
      response: { ...(success ? { [success.status]: success.response } : {}), ...apiErrors(route) },
    },
  });
  const responses = schema.response as Record<number, object>;
  // zod's transform keeps a response's description and content only: the headers go on here.
  responses[429] = { ...responses[429], headers: LIMITED_HEADERS };
  if (success) responses[success.status] = { ...responses[success.status], headers: RATE_LIMIT_HEADERS };
  return {
    url: apiPath(route.path),
    schema: {
      ...schema,
      params: ownPathParams(schema.params, route.path),
      operationId: operationId(route.method, route.path),
      tags: [route.tag],
      summary: route.summary,
      security: [{ oauth2: [route.scope] }],
      headers: headersOf(route),
      ...(route.csv ? { body: { content: { 'application/json': { schema: schema.body }, 'text/csv': { schema: CSV_FILE } } } } : {}),
      response: success ? responses : { ...successResponse(route), ...responses },
    },
  };
};

const zodObject = createJsonSchemaTransformObject({ schemaRegistry: components });

/**
 * What zod writes for every integer (the safe-integer bounds), and every uuid, date and instant (a
 * pattern beside the `format` that already says it), says nothing a reader needs; dropped, the
 * schemas read like the contracts.
 */
const FORMATS_SAID = new Set(['uuid', 'date', 'date-time']);
function tidy(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(tidy);
  if (value === null || typeof value !== 'object') return value;
  const schema = value as Record<string, unknown>;
  return Object.fromEntries(
    Object.entries(schema)
      .filter(
        ([key, v]) =>
          !(key === 'minimum' && v === Number.MIN_SAFE_INTEGER) &&
          !(key === 'maximum' && v === Number.MAX_SAFE_INTEGER) &&
          !(key === 'pattern' && FORMATS_SAID.has(String(schema.format))),
      )
      .map(([key, v]) => [key, tidy(v)]),
  );
}

type TransformObject = NonNullable<FastifyDynamicSwaggerOptions['transformObject']>;
interface Made {
  openapi: string;
  info: object;
  tags?: object[];
  components?: { schemas?: Record<string, unknown> };
  paths?: Record<string, Record<string, unknown>>;
}

/**
 * The components zod made, but only those referenced (it names an input twin of each), and the
 * paths in API_ROUTES' order after the token endpoint, so the document reads like the table.
 */
const transformObject: TransformObject = (input) => {
  const { openapi, info, tags, components, paths: made } = zodObject(input) as Made;
  const paths: Record<string, Record<string, unknown>> = {};
  const place = (path: string, method: string) => {
    const operation = made?.[path]?.[method];
    if (operation) paths[path] = { ...paths[path], [method]: operation };
  };
  place(TOKEN_PATH, 'post');
  for (const route of API_ROUTES) place(apiPath(route.path).replace(/:(\w+)/g, '{$1}'), route.method.toLowerCase());
  const used = JSON.stringify(paths);
  const schemas = Object.fromEntries(
    Object.entries(components?.schemas ?? {}).filter(([id]) => used.includes(`"#/components/schemas/${id}"`)),
  );
  return tidy({ openapi, info, tags, components: { ...components, schemas }, paths }) as ReturnType<TransformObject>;
};

export const swaggerOptions: FastifyDynamicSwaggerOptions = {
  openapi: {
    openapi: '3.1.0',
    info: {
      title: 'Freight Portal API',
      version: '1',
      description:
        'Quote, book and track LTL, parcel and truckload freight over HTTP. Get a bearer token from POST /oauth/token with your client credentials, then call /api/v1 with `Authorization: Bearer <token>`. JSON in and out, snake_case; amounts in US cents, imperial units; English unless Accept-Language asks for Spanish (es). The reference page is at /api/docs.',
    },
    tags: Object.entries(TAG_DESCRIPTIONS).map(([name, description]) => ({ name, description })),
    components: {
      securitySchemes: {
        oauth2: {
          type: 'oauth2',
          description: 'OAuth 2.0 client credentials. Each operation names the scope it needs.',
          flows: { clientCredentials: { tokenUrl: TOKEN_PATH, scopes: SCOPE_DESCRIPTIONS } },
        },
      },
    },
  },
  transform,
  transformObject,
};
