/** What other parts of the portal show of alerts: the navigation's unread count and the settings' Alerts section. */
export { AlertPreferences } from './components/AlertPreferences';
export { UnreadAlertsBadge, useUnreadAlerts } from './components/UnreadAlerts';
