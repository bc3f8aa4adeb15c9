/** The account's single sign-on, for its admin (being built). */
export function SingleSignOnPanel() {
  return null;
}
