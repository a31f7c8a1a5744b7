/**
 * What the list-latency benches share: loading an endpoint with autocannon while reading the
 * server's CPU time, and a company signed up through the API.
 */
import { readFile } from 'node:fs/promises';

import autocannon from 'autocannon';

export interface LoadOptions {
  connections: number;
  seconds: number;
  /** Unmeasured load first, on every endpoint alike: JIT and caches warm up. */
  warmupSeconds: number;
}

export interface Measured {
  label: string;
  requests: number;
  p50: number;
  p99: number;
  failed: number;
  /** The server process's CPU time per answered request (user + system), when known. */
  cpuMsPerRequest?: number;
}

/** CPU time a process has used so far, in ms (Linux /proc; undefined elsewhere). */
async function cpuMsOf(pid: number | undefined): Promise<number | undefined> {
  if (pid === undefined) return undefined;
  try {
    const stat = await readFile(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    // utime and stime, in clock ticks of 10 ms.
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return undefined;
  }
}

export async function load(
  options: LoadOptions,
  label: string,
  url: string,
  headers: Record<string, string> = {},
  serverPid?: number,
): Promise<Measured> {
  const { connections, seconds, warmupSeconds } = options;
  if (warmupSeconds > 0) await autocannon({ url, connections, duration: warmupSeconds, headers });
  const cpuBefore = await cpuMsOf(serverPid);
  const result = await autocannon({ url, connections, duration: seconds, headers });
  const cpuAfter = await cpuMsOf(serverPid);
  return {
    label,
    requests: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    failed: result.non2xx + result.errors,
    ...(cpuBefore !== undefined && cpuAfter !== undefined && result.requests.total > 0
      ? { cpuMsPerRequest: (cpuAfter - cpuBefore) / result.requests.total }
      : {}),
  };
}

/** The middle value (the lower middle one of an even count). */
export function median<T>(values: readonly T[], by: (value: T) => number): T {
  const sorted = [...values].sort((a, b) => by(a) - by(b));
  return sorted[Math.floor((sorted.length - 1) / 2)]!;
}

export async function json<T>(response: Response): Promise<T> {
  const body = await response.text();
  if (!response.ok) throw new Error(`${response.url} answered ${response.status}: ${body}`);
  return JSON.parse(body) as T;
}

/** A company with one document type, signed up through the API (the server hashes passwords). */
export async function signUpCompany(base: string) {
  const email = `latency-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;
  const password = 'Bench-password-42';
  const tokens = await json<{ uid: string; access_token: string }>(
    await fetch(`${base}/auth/signup`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password }),
    }),
  );
  const headers = {
    authorization: `Bearer ${tokens.access_token}`,
    'content-type': 'application/json',
  };
  const me = await json<{ tenantId: string }>(
    await fetch(`${base}/auth/register`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ uid: tokens.uid, email, tenant_name: 'Big Co' }),
    }),
  );
  const type = await json<{ id: string }>(
    await fetch(`${base}/api/doc-types`, {
      method: 'POST',
      headers,
      body: JSON.stringify({
        name: 'Invoices',
        fields: [{ key: 'total', label: 'Total', type: 'currency', required: true }],
        tables: [],
      }),
    }),
  );
  return { email, password, tenantId: me.tenantId, docTypeId: type.id };
}

/** An access token of a company's user. */
export async function logIn(base: string, company: { email: string; password: string }) {
  const login = await json<{ access_token: string }>(
    await fetch(`${base}/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: company.email, password: company.password }),
    }),
  );
  return { authorization: `Bearer ${login.access_token}` };
}
