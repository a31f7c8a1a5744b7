import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

import { afterEach } from 'vitest';

import type { Config } from '../src/config.js';
import { buildTestApp, type TestApp } from './build-test-app.js';

/** A chat completion request as the stand-in received it. */
export interface ReceivedRequest {
  path: string;
  authorization: string | undefined;
  body: {
    model: string;
    messages: { role: string; content: string | { type: string; text?: string }[] }[];
    response_format?: { type: string; json_schema?: { name: string; schema: JsonSchema } };
  };
}

export interface JsonSchema {
  type?: string;
  properties?: Record<string, JsonSchema>;
  items?: JsonSchema;
  required?: string[];
  description?: string;
  [key: string]: unknown;
}

/** What the stand-in answers one request with. */
export type StandInReply =
  | { answer: unknown; usage?: { prompt_tokens: number; completion_tokens: number } }
  | { content: string }
  | { status: number; retryAfter?: number }
  | { hang: true };

/**
 * A local OpenAI-compatible endpoint on loopback, as Ollama or vLLM would serve it: POST
 * /v1/chat/completions and GET /v1/models. `reply` decides each answer; every request is kept.
 */
export class ModelStandIn {
  readonly requests: ReceivedRequest[] = [];
  inFlight = 0;
  maxInFlight = 0;
  /** Milliseconds each chat answer waits before it is sent. */
  delayMs = 0;
  private server: Server | undefined;

  constructor(public reply: (request: ReceivedRequest, index: number) => StandInReply) {}

  get baseUrl(): string {
    const port = (this.server!.address() as AddressInfo).port;
    return `http://127.0.0.1:${port}/v1`;
  }

  async start(): Promise<this> {
    this.server = createServer((request, response) => {
      void this.handle(request).then(
        ({ status, body, headers }) => {
          if (status === 0) return; // hang: never answer
          response.writeHead(status, { 'content-type': 'application/json', ...headers });
          response.end(body);
        },
        () => {
          response.writeHead(500);
          response.end();
        },
      );
    });
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    return this;
  }

  async close(): Promise<void> {
    this.server?.closeAllConnections();
    await new Promise<void>((resolve) => this.server?.close(() => resolve()) ?? resolve());
  }

  /** The system message and the user's text of a request. */
  static texts(request: ReceivedRequest): { system: string; user: string } {
    const text = (content: ReceivedRequest['body']['messages'][number]['content']) =>
      typeof content === 'string' ? content : content.map((part) => part.text ?? '').join('\n');
    const of = (role: string) =>
      request.body.messages
        .filter((message) => message.role === role)
        .map((message) => text(message.content))
        .join('\n');
    return { system: of('system'), user: of('user') };
  }

  private async handle(
    request: IncomingMessage,
  ): Promise<{ status: number; body: string; headers?: Record<string, string> }> {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    if (request.method === 'GET' && request.url === '/v1/models') {
      return { status: 200, body: JSON.stringify({ object: 'list', data: [{ id: 'stand-in' }] }) };
    }
    if (request.method !== 'POST' || request.url !== '/v1/chat/completions') {
      return { status: 404, body: '{}' };
    }
    const received: ReceivedRequest = {
      path: request.url,
      authorization: request.headers.authorization,
      body: JSON.parse(Buffer.concat(chunks).toString('utf8')) as ReceivedRequest['body'],
    };
    const index = this.requests.push(received) - 1;
    this.inFlight++;
    this.maxInFlight = Math.max(this.maxInFlight, this.inFlight);
    try {
      if (this.delayMs > 0) await new Promise((resolve) => setTimeout(resolve, this.delayMs));
      const reply = this.reply(received, index);
      if ('hang' in reply) return { status: 0, body: '' };
      if ('status' in reply) {
        return {
          status: reply.status,
          body: JSON.stringify({ error: { message: 'stand-in failure', type: 'server_error' } }),
          headers:
            reply.retryAfter === undefined ? {} : { 'retry-after': String(reply.retryAfter) },
        };
      }
      const content = 'content' in reply ? reply.content : JSON.stringify(reply.answer);
      const usage = ('usage' in reply && reply.usage) || {
        prompt_tokens: 321,
        completion_tokens: 54,
      };
      return {
        status: 200,
        body: JSON.stringify({
          id: `chatcmpl-${index}`,
          object: 'chat.completion',
          created: Math.floor(Date.now() / 1000),
          model: received.body.model,
          choices: [{ index: 0, message: { role: 'assistant', content }, finish_reason: 'stop' }],
          usage: { ...usage, total_tokens: usage.prompt_tokens + usage.completion_tokens },
        }),
      };
    } finally {
      this.inFlight--;
    }
  }
}

/** A stand-in and an app configured to use it as its model. */
export interface AppWithModel {
  t: TestApp;
  standIn: ModelStandIn;
}

/**
 * For tests that each need a model of their own: `start` starts a stand-in answering with `reply`
 * and a fresh app that uses it (model `stand-in-7b` unless `overrides` say otherwise); both are
 * closed after the test. `t` and `standIn` are those of the running test.
 */
export function appWithModelPerTest() {
  let current: Partial<AppWithModel> = {};
  afterEach(async () => {
    const { t, standIn } = current;
    current = {};
    await t?.close();
    await standIn?.close();
  });
  const started = <K extends keyof AppWithModel>(key: K): AppWithModel[K] => {
    const value = current[key];
    if (value === undefined) throw new Error('start the app with its model first');
    return value;
  };
  return {
    async start(
      reply: ModelStandIn['reply'],
      overrides: Partial<Record<keyof Config, string>> = {},
      options: Parameters<typeof buildTestApp>[1] = {},
    ): Promise<AppWithModel> {
      const standIn = await new ModelStandIn(reply).start();
      current.standIn = standIn;
      const t = await buildTestApp(
        { LLM_BASE_URL: standIn.baseUrl, LLM_MODEL: 'stand-in-7b', ...overrides },
        options,
      );
      current.t = t;
      return { t, standIn };
    },
    get t(): TestApp {
      return started('t');
    },
    get standIn(): ModelStandIn {
      return started('standIn');
    },
  };
}
