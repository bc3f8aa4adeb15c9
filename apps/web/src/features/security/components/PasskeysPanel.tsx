/** The user's passkeys: add, name, remove (being built). */
export function PasskeysPanel() {
  return null;
}
