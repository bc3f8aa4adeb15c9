import { createHash, createPublicKey, generateKeyPairSync, type KeyObject, randomBytes, sign } from 'node:crypto';
import { isoBase64URL, isoCBOR } from '@simplewebauthn/server/helpers';

/**
 * A passkey authenticator in software, for the API tests: it answers the server's WebAuthn options
 * as a browser and a device would, with real ES256 keys, 'none' attestation in CBOR and signed
 * assertions, so the server's verifier is exercised as with a phone or a security key.
 * @simplewebauthn ships no such helper.
 */
interface Held {
  privateKey: KeyObject;
  userHandle: string;
  counter: number;
}

const FLAG_USER_PRESENT = 0x01;
const FLAG_USER_VERIFIED = 0x04;
const FLAG_ATTESTED_DATA = 0x40;

const b64url = (bytes: Uint8Array) => Buffer.from(bytes).toString('base64url');
const sha256 = (data: Uint8Array | string) => createHash('sha256').update(data).digest();
const uint32 = (n: number) => {
  const out = Buffer.alloc(4);
  out.writeUInt32BE(n);
  return out;
};

export interface Ceremony {
  /** The page's origin the browser puts in clientDataJSON. */
  origin?: string;
  /** The relying party id whose hash the authenticator signs. */
  rpId?: string;
}

export class SoftAuthenticator {
  readonly held = new Map<string, Held>();

  constructor(private readonly defaults: Required<Ceremony> = { origin: 'http://localhost:3000', rpId: 'localhost' }) {}

  private clientData(type: 'webauthn.create' | 'webauthn.get', challenge: string, origin: string) {
    return Buffer.from(JSON.stringify({ type, challenge, origin, crossOrigin: false }));
  }

  /**
   * Answers navigator.credentials.create() for the server's registration options: a new ES256
   * passkey, or `again` the one of that id (as a device that ignored excludeCredentials would).
   */
  create(options: { challenge: string; user: { id: string } }, ceremony: Ceremony & { again?: string } = {}) {
    const { origin, rpId } = { ...this.defaults, ...ceremony };
    const kept = ceremony.again ? this.held.get(ceremony.again) : undefined;
    const privateKey = kept?.privateKey ?? generateKeyPairSync('ec', { namedCurve: 'P-256' }).privateKey;
    const jwk = createPublicKey(privateKey).export({ format: 'jwk' });
    const coseKey = new Map<number, number | Uint8Array>([
      [1, 2], // kty: EC2
      [3, -7], // alg: ES256
      [-1, 1], // crv: P-256
      [-2, isoBase64URL.toBuffer(jwk.x ?? '')],
      [-3, isoBase64URL.toBuffer(jwk.y ?? '')],
    ]);
    const credentialId = ceremony.again ? Buffer.from(ceremony.again, 'base64url') : randomBytes(16);
    const length = Buffer.alloc(2);
    length.writeUInt16BE(credentialId.length);
    const authData = Buffer.concat([
      sha256(rpId),
      Buffer.from([FLAG_USER_PRESENT | FLAG_USER_VERIFIED | FLAG_ATTESTED_DATA]),
      uint32(0),
      Buffer.alloc(16), // aaguid: none given
      length,
      credentialId,
      isoCBOR.encode(coseKey),
    ]);
    const attestationObject = isoCBOR.encode(
      new Map<string, string | Uint8Array | Map<string, string>>([
        ['fmt', 'none'],
        ['attStmt', new Map<string, string>()],
        ['authData', authData],
      ]),
    );
    const id = b64url(credentialId);
    this.held.set(id, { privateKey, userHandle: options.user.id, counter: kept?.counter ?? 0 });
    return {
      id,
      rawId: id,
      type: 'public-key' as const,
      response: {
        clientDataJSON: b64url(this.clientData('webauthn.create', options.challenge, origin)),
        attestationObject: b64url(attestationObject),
        transports: ['internal' as const],
      },
      clientExtensionResults: {},
    };
  }

  /**
   * Answers navigator.credentials.get(): signs with the given passkey (or the first one the options
   * allow, or the first held). `counter` sets the signature counter; otherwise it grows by one.
   */
  get(options: { challenge: string; allowCredentials?: { id: string }[] }, use: Ceremony & { id?: string; counter?: number } = {}) {
    const { origin, rpId } = { ...this.defaults, ...use };
    const id = use.id ?? options.allowCredentials?.[0]?.id ?? [...this.held.keys()][0];
    const passkey = id ? this.held.get(id) : undefined;
    if (!id || !passkey) throw new Error('the authenticator holds no such passkey');
    passkey.counter = use.counter ?? passkey.counter + 1;
    const authData = Buffer.concat([sha256(rpId), Buffer.from([FLAG_USER_PRESENT | FLAG_USER_VERIFIED]), uint32(passkey.counter)]);
    const clientDataJSON = this.clientData('webauthn.get', options.challenge, origin);
    const signature = sign('sha256', Buffer.concat([authData, sha256(clientDataJSON)]), passkey.privateKey);
    return {
      id,
      rawId: id,
      type: 'public-key' as const,
      response: {
        clientDataJSON: b64url(clientDataJSON),
        authenticatorData: b64url(authData),
        signature: b64url(signature),
        userHandle: passkey.userHandle,
      },
      clientExtensionResults: {},
    };
  }
}
