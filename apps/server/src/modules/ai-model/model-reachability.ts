import type { AiModelSettings } from './ai-model-settings.js';

/** A probe's answer is reused this long, so frequent health checks do not load the endpoint. */
const CACHE_MS = 15_000;
const PROBE_TIMEOUT_MS = 3_000;

/**
 * Whether the model endpoint answers: GET {base}/models, which every OpenAI-compatible server
 * (Ollama, vLLM, LM Studio, llama.cpp server, OpenAI) serves. Any HTTP answer below 500 counts as
 * reachable (a wrong key still proves the server is there); a refused connection, a timeout or a
 * 5xx is down. Never throws.
 */
export class ModelReachability {
  private last: { at: number; state: 'up' | 'down' } | undefined;
  private pending: Promise<'up' | 'down'> | undefined;

  constructor(private readonly settings: AiModelSettings | undefined) {}

  async check(): Promise<'up' | 'down' | 'off'> {
    if (!this.settings) return 'off';
    if (this.last && Date.now() - this.last.at < CACHE_MS) return this.last.state;
    this.pending ??= this.probe(this.settings).then((state) => {
      this.last = { at: Date.now(), state };
      this.pending = undefined;
      return state;
    });
    // Once known, a health check answers at once with the last state while a new probe runs, so a
    // hanging endpoint never slows the health check down; only the very first check waits.
    return this.last ? this.last.state : this.pending;
  }

  private async probe(settings: AiModelSettings): Promise<'up' | 'down'> {
    try {
      const response = await fetch(`${settings.baseUrl}/models`, {
        headers: settings.apiKey ? { authorization: `Bearer ${settings.apiKey}` } : {},
        signal: AbortSignal.timeout(PROBE_TIMEOUT_MS),
      });
      await response.body?.cancel();
      return response.status < 500 ? 'up' : 'down';
    } catch {
      return 'down';
    }
  }
}
