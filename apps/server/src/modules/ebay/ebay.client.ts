/**
 * eBay's REST APIs as the product uses them: OAuth user consent (authorization code
 * grant) and token refresh, the Sell Fulfillment API's getOrders and createShippingFulfillment.
 * The same code talks to eBay (production or sandbox) and to the simulator in this repository
 * (ebay.simulator.ts), which answers the same paths and shapes.
 *
 * A thin client on fetch rather than the `ebay-api` package: its current major needs Node 22, and
 * the older one (axios) fixes eBay's hostnames per environment, so the simulator could only be
 * reached by rewriting its requests. Three endpoints do not need more.
 */

export const FULFILLMENT_SCOPE = 'https://api.ebay.com/oauth/api_scope/sell.fulfillment';
/** To read the seller's user name (Identity API), which names the store. */
export const IDENTITY_SCOPE = 'https://api.ebay.com/oauth/api_scope/commerce.identity.readonly';
const SCOPES = `${FULFILLMENT_SCOPE} ${IDENTITY_SCOPE}`;

export interface EbayEndpoints {
  /** Where the seller consents, e.g. https://auth.ebay.com. */
  authUrl: string;
  /** The REST root, e.g. https://api.ebay.com. */
  apiUrl: string;
  /** The Identity API's root (eBay serves it from apiz.), e.g. https://apiz.ebay.com. */
  identityUrl: string;
  clientId: string;
  clientSecret: string;
  /** eBay's RuName: names the redirect URL registered for the app. */
  ruName: string;
}

export const EBAY_ENDPOINTS = {
  production: { authUrl: 'https://auth.ebay.com', apiUrl: 'https://api.ebay.com', identityUrl: 'https://apiz.ebay.com' },
  sandbox: {
    authUrl: 'https://auth.sandbox.ebay.com',
    apiUrl: 'https://api.sandbox.ebay.com',
    identityUrl: 'https://apiz.sandbox.ebay.com',
  },
} as const;

export interface EbayTokens {
  accessToken: string;
  accessExpiresAt: Date;
  /** Present on the code exchange; a refresh keeps the refresh token it used. */
  refreshToken?: string;
  refreshExpiresAt?: Date;
}

/** An order as getOrders answers it (the fields the product reads). */
export interface EbayApiOrder {
  orderId: string;
  creationDate: string;
  lastModifiedDate: string;
  orderFulfillmentStatus: 'NOT_STARTED' | 'IN_PROGRESS' | 'FULFILLED';
  cancelStatus?: { cancelState?: string };
  buyer?: {
    username?: string;
    /** The buyer's own contact, where eBay gives it (the ship-to's phone and email come first). */
    buyerRegistrationAddress?: { email?: string; primaryPhone?: { phoneNumber?: string } };
  };
  pricingSummary?: { total?: { value: string; currency: string } };
  lineItems: Array<{ lineItemId: string; sku?: string; title: string; quantity: number }>;
  fulfillmentStartInstructions?: Array<{
    shippingStep?: {
      shipTo?: {
        fullName?: string;
        contactAddress?: {
          addressLine1?: string;
          addressLine2?: string;
          city?: string;
          stateOrProvince?: string;
          postalCode?: string;
          countryCode?: string;
        };
        primaryPhone?: { phoneNumber?: string };
        email?: string;
      };
    };
  }>;
}

export interface EbayOrderPage {
  total: number;
  offset: number;
  limit: number;
  next?: string;
  orders: EbayApiOrder[];
}

/** An answer other than success: the status and eBay's error body (tokens never in it). */
export class EbayError extends Error {
  constructor(
    readonly status: number,
    readonly body: string,
  ) {
    super(`eBay answered ${status}: ${body.slice(0, 300)}`);
    this.name = 'EbayError';
  }

  /** The refresh token was revoked or has expired: the seller must consent again. */
  get consentLost() {
    return this.status === 400 && this.body.includes('invalid_grant');
  }
}

const TIMEOUT_MS = 15_000;

export function ebayClient(endpoints: EbayEndpoints) {
  const basic = Buffer.from(`${endpoints.clientId}:${endpoints.clientSecret}`).toString('base64');

  async function call(url: string, init: RequestInit) {
    const res = await fetch(url, { ...init, signal: AbortSignal.timeout(TIMEOUT_MS) });
    const text = await res.text();
    if (!res.ok) throw new EbayError(res.status, text);
    return { res, json: text ? (JSON.parse(text) as Record<string, unknown>) : {} };
  }

  async function token(form: Record<string, string>, now: Date): Promise<EbayTokens> {
    const { json } = await call(`${endpoints.apiUrl}/identity/v1/oauth2/token`, {
      method: 'POST',
      headers: { authorization: `Basic ${basic}`, 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(form).toString(),
    });
    const seconds = (key: string) => Number(json[key] ?? 0) * 1000;
    return {
      accessToken: String(json.access_token ?? ''),
      accessExpiresAt: new Date(now.getTime() + seconds('expires_in')),
      ...(json.refresh_token
        ? { refreshToken: String(json.refresh_token), refreshExpiresAt: new Date(now.getTime() + seconds('refresh_token_expires_in')) }
        : {}),
    };
  }

  return {
    /** The seller's consent page; eBay sends the browser back to the RuName's URL with `code` and `state`. */
    consentUrl(state: string) {
      const q = new URLSearchParams({
        client_id: endpoints.clientId,
        redirect_uri: endpoints.ruName,
        response_type: 'code',
        scope: SCOPES,
        state,
      });
      return `${endpoints.authUrl}/oauth2/authorize?${q}`;
    },

    exchangeCode: (code: string, now: Date) => token({ grant_type: 'authorization_code', code, redirect_uri: endpoints.ruName }, now),

    refresh: (refreshToken: string, now: Date) => token({ grant_type: 'refresh_token', refresh_token: refreshToken, scope: SCOPES }, now),

    /** An application token (client credentials grant): the Notification API's public keys need one. */
    appToken: (now: Date) => token({ grant_type: 'client_credentials', scope: 'https://api.ebay.com/oauth/api_scope' }, now),

    /** The public key eBay signs a notification with (Notification API getPublicKey). */
    async publicKey(appToken: string, kid: string) {
      const { json } = await call(`${endpoints.apiUrl}/commerce/notification/v1/public_key/${encodeURIComponent(kid)}`, {
        headers: { authorization: `Bearer ${appToken}`, accept: 'application/json' },
      });
      return { key: String(json.key ?? ''), algorithm: String(json.algorithm ?? ''), digest: String(json.digest ?? '') };
    },

    /** The seller's eBay user name (Identity API getUser). */
    async username(accessToken: string) {
      const { json } = await call(`${endpoints.identityUrl}/commerce/identity/v1/user/`, {
        headers: { authorization: `Bearer ${accessToken}`, accept: 'application/json' },
      });
      return String(json.username ?? '');
    },

    /** One page of the orders modified since `modifiedFrom`, oldest first. */
    async getOrders(accessToken: string, q: { modifiedFrom: Date; offset: number; limit: number }): Promise<EbayOrderPage> {
      const params = new URLSearchParams({
        filter: `lastmodifieddate:[${q.modifiedFrom.toISOString()}..]`,
        limit: String(q.limit),
        offset: String(q.offset),
      });
      const { json } = await call(`${endpoints.apiUrl}/sell/fulfillment/v1/order?${params}`, {
        headers: { authorization: `Bearer ${accessToken}`, accept: 'application/json' },
      });
      return json as unknown as EbayOrderPage;
    },

    /** Ships line items of an order with a tracking number; answers the fulfillment's id. */
    async createShippingFulfillment(
      accessToken: string,
      orderId: string,
      body: {
        lineItems: Array<{ lineItemId: string; quantity: number }>;
        shippedDate: string;
        shippingCarrierCode: string;
        trackingNumber: string;
      },
    ) {
      const { res } = await call(`${endpoints.apiUrl}/sell/fulfillment/v1/order/${encodeURIComponent(orderId)}/shipping_fulfillment`, {
        method: 'POST',
        headers: { authorization: `Bearer ${accessToken}`, 'content-type': 'application/json', accept: 'application/json' },
        body: JSON.stringify(body),
      });
      return (res.headers.get('location') ?? '').split('/').pop() ?? '';
    },
  };
}

export type EbayClient = ReturnType<typeof ebayClient>;
