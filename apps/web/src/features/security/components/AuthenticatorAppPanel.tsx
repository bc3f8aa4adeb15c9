/** The authenticator app (time-based codes) and the recovery codes (being built). */
export function AuthenticatorAppPanel() {
  return null;
}
