import type { StaffCarrierDetail } from '@freight/contracts';
import { Modal } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { QueryStatus } from '../../../../components/QueryStatus';
import { versionQuery } from '../../api/carriersApi';
import { LtlTariffFields } from './LtlTariffFields';
import { ParcelTariffFields } from './ParcelTariffFields';
import { TruckloadTariffFields } from './TruckloadTariffFields';
import type { TariffFormValues } from './tariffForm';

function ReadOnlyTariff({ carrier, values }: { carrier: StaffCarrierDetail; values: TariffFormValues }) {
  const form = useForm<TariffFormValues>({ initialValues: values });
  // A disabled fieldset disables every input inside: the same screens, read only.
  return (
    <fieldset disabled style={{ border: 0, padding: 0, margin: 0 }}>
      {carrier.mode === 'ltl' && <LtlTariffFields form={form} />}
      {carrier.mode === 'parcel' && <ParcelTariffFields form={form} />}
      {carrier.mode === 'truckload' && <TruckloadTariffFields form={form} />}
    </fieldset>
  );
}

/** One version's whole tariff, as it was (earlier versions stay readable). */
export function VersionView({ carrier, number, onClose }: { carrier: StaffCarrierDetail; number: number; onClose: () => void }) {
  const { t } = useTranslation();
  const query = useQuery(versionQuery(carrier.id, number));
  const v = query.data;
  return (
    <Modal
      opened
      onClose={onClose}
      size="80rem"
      title={v ? t('admin.carriers.viewing', { number, state: t(`admin.carriers.states.${v.state}`) }) : ''}
    >
      <QueryStatus query={query} />
      {v && (
        <ReadOnlyTariff
          carrier={carrier}
          values={{ mode: v.mode, tariff: v.tariff as Record<string, unknown>, fuel_bp: v.fuel_bp, note: v.note }}
        />
      )}
    </Modal>
  );
}
