import type { CustomsQueueItem } from '@freight/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { showNotice } from '../../../components/notices/showNotice';
import { CustomsEntryDialog } from '../../../components/shipment/CustomsEntryDialog';
import { CUSTOMS_KEY, recordCustomsEntry } from '../api/customsApi';

export interface DialogProps {
  row: CustomsQueueItem;
  onClose: () => void;
}

/** After a write the queue is read again: the row may have changed stage. */
export function useAfterWrite(onClose: () => void, notice: string) {
  const client = useQueryClient();
  return async () => {
    onClose();
    showNotice({ color: 'green', message: { key: notice } });
    await client.invalidateQueries({ queryKey: CUSTOMS_KEY });
  };
}

/** Records the entered country's customs reference as the broker gave it; the queue is read again (the row may move on). */
export function EntryDialog({ row, onClose }: DialogProps) {
  const client = useQueryClient();
  return (
    <CustomsEntryDialog
      bolNumber={row.bol_number}
      country={row.destination.country}
      current={row.entry_number}
      save={(body) => recordCustomsEntry(row.id, body)}
      onClose={onClose}
      onSaved={() => client.invalidateQueries({ queryKey: CUSTOMS_KEY })}
    />
  );
}
