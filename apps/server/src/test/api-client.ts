import type { ApiScope, IssuedCredential } from '@freight/contracts';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import type { TestClient } from './harness';

/** A partner's or a shipper's program calling the public API with a bearer token. */
export class ApiTestClient {
  constructor(
    private readonly app: FastifyInstance,
    readonly token: string,
    private readonly accountId?: string,
  ) {}

  request(opts: InjectOptions): Promise<LightMyRequestResponse> {
    const headers: Record<string, string> = {
      authorization: `Bearer ${this.token}`,
      accept: 'application/json',
      ...(this.accountId ? { 'account-id': this.accountId } : {}),
      ...(opts.headers as Record<string, string>),
    };
    return this.app.inject({ ...opts, headers });
  }
  get(url: string, headers: Record<string, string> = {}) {
    return this.request({ method: 'GET', url, headers });
  }
  post(url: string, payload: object = {}, headers: Record<string, string> = {}) {
    return this.request({ method: 'POST', url, payload, headers });
  }
  put(url: string, payload: object = {}) {
    return this.request({ method: 'PUT', url, payload });
  }
  delete(url: string) {
    return this.request({ method: 'DELETE', url });
  }
  /** The same program acting for another account (partners name it in Account-Id). */
  actingFor(accountId: string) {
    return new ApiTestClient(this.app, this.token, accountId);
  }
}

/** POST /oauth/token with the client's id and secret in the body; answers the token's JSON. */
export async function requestToken(app: FastifyInstance, clientId: string, secret: string, scope?: string) {
  return app.inject({
    method: 'POST',
    url: '/oauth/token',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({
      grant_type: 'client_credentials',
      client_id: clientId,
      client_secret: secret,
      ...(scope ? { scope } : {}),
    }).toString(),
  });
}

/** A shipper's account admin makes a credential in Settings and gets a token for it. */
export async function accountApiClient(app: FastifyInstance, admin: TestClient, scopes: ApiScope[], name = 'Our TMS') {
  let res = await admin.post('/api/settings/api-credentials', { name, scopes });
  // A credential needs the password re-entered within 10 minutes; confirming on every call would meet its throttle.
  if (res.statusCode === 423) res = await (await admin.confirmPassword()).post('/api/settings/api-credentials', { name, scopes });
  if (res.statusCode !== 201) throw new Error(`credential: ${res.statusCode} ${res.body}`);
  const issued = res.json().data as IssuedCredential;
  const token = await requestToken(app, issued.credential.client_id, issued.client_secret);
  if (token.statusCode !== 200) throw new Error(`token: ${token.statusCode} ${token.body}`);
  return { issued, client: new ApiTestClient(app, token.json().access_token as string) };
}
