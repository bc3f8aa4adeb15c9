/** What other parts of the portal show of alerts: the navigation's unread count and the settings' Alerts section. */
export { AlertPreferences } from './components/AlertPreferences';
export { UnreadAlertsBadge, useUnreadAlerts } from './components/UnreadAlerts';
/** How long ago something happened, in words ('3 hours'), as the staff queues say their ages. */
export { ageWords } from './components/words';
