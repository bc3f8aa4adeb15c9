import type { StopView } from '@freight/contracts';
import { formatTimeOfDay } from '@freight/domain';
import { SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useFormat } from '../../lib/useFormat';
import { localDate } from './format';
import { Fact, PlaceBlock } from './PlaceBlock';

/** When the truck is expected at a stop: 'Mon, Mar 11, 2030, 1:00 PM–3:00 PM', or an appointment at one time. */
export function useStopWhen() {
  const { t, i18n } = useTranslation();
  const fmt = useFormat();
  return (s: Pick<StopView, 'date' | 'appointment' | 'time_from' | 'time_to'>) => {
    const date = fmt.date(localDate(s.date));
    const time = (v: string) => formatTimeOfDay(v, i18n.language);
    return s.appointment
      ? t('shipment.stops.appointment', { date, time: time(s.time_from) })
      : t('shipment.stops.window', { date, from: time(s.time_from), to: time(s.time_to) });
  };
}

/**
 * A truckload's extra stops in route order, between pickup and delivery: each place
 * as pickup and delivery show theirs, with whether freight is picked up or dropped there and
 * when the truck is expected.
 */
export function StopsSection({ stops }: { stops: StopView[] }) {
  const { t } = useTranslation();
  const when = useStopWhen();
  return (
    <Stack gap="xs" data-testid="shipment-stops">
      <Title order={2} size="h5">
        {t('shipment.stops.title', { count: stops.length })}
      </Title>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        {stops.map((s, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: stops have no id; their order is the route
          <PlaceBlock key={i} title={t(`shipment.stops.stop_${s.kind}`, { n: i + 1 })} place={s.place}>
            <Fact label={t('shipment.stops.expected')}>
              <Text span size="sm">
                {when(s)}
              </Text>
            </Fact>
          </PlaceBlock>
        ))}
      </SimpleGrid>
    </Stack>
  );
}
