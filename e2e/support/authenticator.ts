import type { Page } from '@playwright/test';

/**
 * Chromium's virtual authenticator on this page, standing in for a phone or a laptop: a platform
 * authenticator that keeps resident keys (passkeys) and verifies the user at once, with no dialog.
 * It lives as long as the page's DevTools session. The page must reach the server by name
 * (`passkeyURL`): browsers refuse passkeys on an IP address.
 */
export async function virtualAuthenticator(page: Page) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('WebAuthn.enable', { enableUI: false });
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
  return {
    /** The passkeys the device holds. */
    credentials: async () => (await cdp.send('WebAuthn.getCredentials', { authenticatorId })).credentials,
  };
}
