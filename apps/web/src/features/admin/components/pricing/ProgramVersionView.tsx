import { useQuery } from '@tanstack/react-query';
import { programVersionQuery } from '../../api/pricingApi';
import { VersionModal } from '../versions/VersionModal';
import { ProgramSummary } from './ProgramSummary';

/** One version of a program, whole and as it was. */
export function ProgramVersionView({ programKey, number, onClose }: { programKey: string; number: number; onClose: () => void }) {
  const query = useQuery(programVersionQuery(programKey, number));
  return (
    <VersionModal query={query} number={number} onClose={onClose}>
      {(v) => <ProgramSummary program={v.program} />}
    </VersionModal>
  );
}
