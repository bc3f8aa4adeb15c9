// What other features may use of the security settings: the sign-in page signs in with a passkey.
export { signInWithPasskey } from './api/passkeysApi';
