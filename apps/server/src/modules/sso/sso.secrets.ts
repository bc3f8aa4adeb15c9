import { secretBox } from '../../security/encryption';

/** Single sign-on's secrets at rest (a provider's client secret, a sign-in's nonce and PKCE verifier), sealed with APP_KEY. */
export function ssoSecrets(appKey: string) {
  const box = secretBox(appKey, 'sso');
  return {
    seal: box.seal,
    open: box.open,
    openOrNull: (sealed: string | null) => (sealed ? box.open(sealed) : null),
  };
}
