import type { StaffCarrierDetail } from '@freight/contracts';
import { useForm } from '@mantine/form';
import { useQuery } from '@tanstack/react-query';
import { versionQuery } from '../../api/carriersApi';
import { VersionModal } from '../versions/VersionModal';
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
  const query = useQuery(versionQuery(carrier.id, number));
  return (
    <VersionModal query={query} number={number} onClose={onClose}>
      {(v) => (
        <ReadOnlyTariff
          carrier={carrier}
          values={{ mode: v.mode, tariff: v.tariff as Record<string, unknown>, fuel_bp: v.fuel_bp, note: v.note }}
        />
      )}
    </VersionModal>
  );
}
