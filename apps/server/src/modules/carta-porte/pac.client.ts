/**
 * The authorised certifier (PAC) that seals and stamps a CFDI, behind one call: `issue` hands it
 * an unsealed CFDI and answers the stamped one with its fiscal folio (UUID), or why not. It never
 * throws. The adapter speaks SW sapien's REST protocol ("Emisión Timbrado"): a token from
 * POST /v2/security/authenticate ({user, password}, valid about two hours), then
 * POST /cfdi33/issue/v4 with the XML as the multipart field `xml` and `Authorization: Bearer
 * <token>`: the certifier seals it with the issuer's certificate (CSD) it keeps and stamps it,
 * answering {status: 'success', data: {uuid, fechaTimbrado, cfdi, ...}} or {status: 'error',
 * message, messageDetail}. The same code talks to the simulator (pac.simulator.ts).
 */
export interface Certifier {
  issue(xml: string): Promise<CertifierResult>;
}

export type CertifierResult =
  | { ok: true; uuid: string; stampedAt: string; xml: string }
  /** `refused`: the certifier read the document and said no (its words); otherwise it could not be reached. */
  | { ok: false; refused: boolean; reason: string };

export const NO_CERTIFIER: Certifier = {
  issue: async () => ({ ok: false, refused: false, reason: 'no certifier is configured (PAC_URL)' }),
};

export interface CertifierOptions {
  url: string;
  user: string;
  password: string;
  timeoutMs?: number;
  now?: () => Date;
}

interface SwAnswer {
  status?: string;
  message?: string;
  messageDetail?: string;
  data?: { token?: string; expires_in?: number; uuid?: string; fechaTimbrado?: string; cfdi?: string } | null;
}

async function answerOf(response: Response): Promise<SwAnswer> {
  const body = (await response.json().catch(() => ({}))) as SwAnswer;
  return typeof body === 'object' && body !== null ? body : {};
}

/** SW sapien's protocol, on the certifier or (by URL) its simulator. */
export function swCertifier(opts: CertifierOptions): Certifier {
  const root = opts.url.replace(/\/+$/, '');
  const timeout = opts.timeoutMs ?? 20_000;
  const now = opts.now ?? (() => new Date());
  let token: { value: string; until: number } | null = null;

  async function bearer(): Promise<string | { reason: string }> {
    if (token && token.until > now().getTime()) return token.value;
    const response = await fetch(`${root}/v2/security/authenticate`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ user: opts.user, password: opts.password }),
      signal: AbortSignal.timeout(timeout),
    });
    const answer = await answerOf(response);
    if (!response.ok || !answer.data?.token) return { reason: `authentication: ${answer.message ?? response.status}` };
    // Asked again a minute before it lapses.
    const seconds = Math.max(60, Number(answer.data.expires_in) || 7200) - 60;
    token = { value: answer.data.token, until: now().getTime() + seconds * 1000 };
    return token.value;
  }

  async function issueOnce(xml: string): Promise<CertifierResult | 'token'> {
    const auth = await bearer();
    if (typeof auth !== 'string') return { ok: false, refused: false, reason: auth.reason };
    const form = new FormData();
    form.append('xml', new Blob([xml], { type: 'text/xml' }), 'xml');
    const response = await fetch(`${root}/cfdi33/issue/v4`, {
      method: 'POST',
      headers: { authorization: `Bearer ${auth}` },
      body: form,
      signal: AbortSignal.timeout(timeout),
    });
    if (response.status === 401) return 'token';
    const answer = await answerOf(response);
    const data = answer.data;
    if (response.ok && answer.status === 'success' && data?.uuid && data.cfdi && data.fechaTimbrado) {
      return { ok: true, uuid: data.uuid, stampedAt: data.fechaTimbrado, xml: data.cfdi };
    }
    const reason = [answer.message, answer.messageDetail].filter(Boolean).join(': ') || `HTTP ${response.status}`;
    return { ok: false, refused: response.status >= 400 && response.status < 500, reason: reason.slice(0, 1000) };
  }

  return {
    async issue(xml) {
      try {
        const first = await issueOnce(xml);
        if (first !== 'token') return first;
        // A token the certifier no longer takes: one more try with a fresh one.
        token = null;
        const second = await issueOnce(xml);
        return second === 'token' ? { ok: false, refused: false, reason: 'authentication refused' } : second;
      } catch (error) {
        const e = error as { name?: unknown; code?: unknown };
        return { ok: false, refused: false, reason: `network: ${String(e?.code ?? e?.name ?? 'unknown')}` };
      }
    },
  };
}
