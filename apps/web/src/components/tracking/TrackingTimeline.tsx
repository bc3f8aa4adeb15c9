import type { TrackingEventView } from '@freight/contracts';
import { Text, ThemeIcon, Timeline } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { eventText } from './eventText';
import { formatLocalTime, placeName } from './localTime';
import { STATUS_COLORS } from './StatusBadge';

/** What the timeline needs of an event (the public view has no reason code). */
export type TimelineEvent = Pick<
  TrackingEventView,
  'status' | 'status_code' | 'description' | 'city' | 'state' | 'occurred_at' | 'local_time'
> &
  Partial<Pick<TrackingEventView, 'reason_code'>>;

/** Newest first; events at the same instant keep the carrier's order, the later one on top. */
export function newestFirst<E extends Pick<TimelineEvent, 'occurred_at'>>(events: readonly E[]): E[] {
  const time = (e: E) => {
    const ms = Date.parse(e.occurred_at);
    return Number.isNaN(ms) ? 0 : ms;
  };
  return [...events].reverse().sort((a, b) => time(b) - time(a));
}

/**
 * A shipment's tracking history, newest first: each event's status, its text in the reader's
 * language (a carrier's own text as it came), the carrier's local time at the event's place
 * and that place.
 */
export function TrackingTimeline({ events }: { events: readonly TimelineEvent[] }) {
  const { t, i18n } = useTranslation();
  if (events.length === 0) {
    return (
      <Text c="dimmed" size="sm">
        {t('tracking_ui.timeline.empty')}
      </Text>
    );
  }
  const ordered = newestFirst(events);
  return (
    <Timeline active={0} bulletSize={18} lineWidth={2}>
      {ordered.map((e, i) => {
        const place = placeName(e);
        const text = eventText(e, t, i18n);
        return (
          <Timeline.Item
            // biome-ignore lint/suspicious/noArrayIndexKey: events have no id, and two may share time and text
            key={`${e.occurred_at}-${i}`}
            color={STATUS_COLORS[e.status]}
            bullet={<ThemeIcon size={18} radius="xl" color={STATUS_COLORS[e.status]} aria-hidden />}
            title={
              <Text fw={600} size="sm" component="span">
                {t(`tracking.status.${e.status}`)}
                {i === 0 && (
                  <Text span size="xs" c="dimmed" fw={400} ml={6}>
                    {t('tracking_ui.timeline.latest')}
                  </Text>
                )}
              </Text>
            }
          >
            {text && <Text size="sm">{text}</Text>}
            <Text size="xs" c="dimmed" mt={2}>
              <time dateTime={e.occurred_at} title={t('tracking_ui.timeline.local_time_hint')}>
                {t('tracking_ui.timeline.local_time', { time: formatLocalTime(e.local_time, i18n.language) })}
              </time>
              {place && <> · {place}</>}
            </Text>
          </Timeline.Item>
        );
      })}
    </Timeline>
  );
}
