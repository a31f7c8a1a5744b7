import { type ErrorBody, ErrorSchema } from '@parser/contracts';
import { http, HttpResponse, type JsonBodyType } from 'msw';

import { server } from './server';

/** A request the web app sent, as a test reads it back. */
export interface RecordedRequest {
  method: string;
  /** Scheme, host and port, e.g. 'http://localhost:3000'. */
  origin: string;
  path: string;
  /** The query string, with its `?` (empty when there is none). */
  search: string;
  /** The parsed JSON body, the FormData of a multipart body, else the text (undefined when empty). */
  body: unknown;
  headers: Headers;
}

/** Answers one endpoint; `count` is 1 for the first request it answers, 2 for the next, … */
export type ApiHandler = (request: RecordedRequest, count: number) => Response | Promise<Response>;

/** JSON answer helper. */
export function json(body: unknown, status = 200): Response {
  return HttpResponse.json(body as JsonBodyType, { status });
}

/** An error answer that satisfies the contract's ErrorSchema. */
export function errorResponse(status: number, body: ErrorBody): Response {
  return json(ErrorSchema.parse(body), status);
}

export function noContent(): Response {
  return new HttpResponse(null, { status: 204 });
}

/** The request never gets an answer (the server is unreachable): fetch rejects. */
export function networkError(): Response {
  return HttpResponse.error();
}

async function readBody(request: Request): Promise<unknown> {
  const type = request.headers.get('Content-Type') ?? '';
  if (type.startsWith('multipart/form-data')) return request.formData();
  const text = await request.text();
  if (text === '') return undefined;
  return type.includes('json') ? (JSON.parse(text) as unknown) : text;
}

const httpMethods = {
  GET: http.get,
  POST: http.post,
  PUT: http.put,
  PATCH: http.patch,
  DELETE: http.delete,
} as const;

/**
 * 'POST /api/files:upload' → POST and a pattern where ':upload' is text, not a path parameter. A
 * path of the app's own API is relative; another server's is a whole URL ('POST https://…/hook').
 */
function parseRoute(route: string) {
  const [method, address = ''] = route.split(' ');
  if (!method || !(method in httpMethods)) throw new Error(`Unknown method in '${route}'`);
  const origin = /^https?:\/\//.test(address) ? new URL(address).origin : '';
  return {
    method: method as keyof typeof httpMethods,
    pattern: origin + address.slice(origin.length).replace(/:/g, '\\:'),
  };
}

/**
 * Answer the web app's API requests with MSW handlers keyed 'METHOD /path' (the query string is not
 * part of the key), on top of the default handlers of `server`. A request no handler answers fails
 * the test. Returns every request sent from now on, in order, for assertions.
 */
export function mockApi(handlers: Record<string, ApiHandler>) {
  const calls: RecordedRequest[] = [];
  const recorded = new Map<string, Promise<RecordedRequest>>();

  server.events.on('request:start', ({ request, requestId }) => {
    const url = new URL(request.url);
    const call: RecordedRequest = {
      method: request.method,
      origin: url.origin,
      path: url.pathname,
      search: url.search,
      body: undefined,
      headers: request.headers,
    };
    calls.push(call);
    recorded.set(
      requestId,
      readBody(request.clone()).then((body) => {
        call.body = body;
        return call;
      }),
    );
  });

  server.use(
    ...Object.entries(handlers).map(([route, handler]) => {
      const { method, pattern } = parseRoute(route);
      let count = 0;
      return httpMethods[method](pattern, async ({ requestId }) => {
        count += 1;
        const call = await recorded.get(requestId);
        if (!call) throw new Error(`${route}: the request was not recorded`);
        return handler(call, count);
      });
    }),
  );

  return {
    calls,
    /** The requests to one 'METHOD /path' (or 'METHOD https://host/path' for another server). */
    callsTo: (route: string) =>
      calls.filter((call) =>
        [`${call.method} ${call.path}`, `${call.method} ${call.origin}${call.path}`].includes(
          route,
        ),
      ),
    /** Every address requested, query string included, in order. */
    requestedUrls: () => calls.map((call) => `${call.path}${call.search}`),
  };
}
