import { Button, Menu } from '@mantine/core';
import { useTranslation } from 'react-i18next';

export interface RowAction {
  label: string;
  onClick: () => void;
  danger?: boolean;
}

/** A row's actions behind one button named after the row ('Actions for Sam Colleague'), so a list of them reads apart. */
export function RowMenu({ name, actions }: { name: string; actions: RowAction[] }) {
  const { t } = useTranslation();
  if (!actions.length) return null;
  // hideDetached off: at a phone's width, arrowing to the second item made floating-ui take the
  // row's button (in the table's scroll box) for hidden, and Mantine hid the open menu under the
  // focused item for good (display: none), leaving the keyboard user nowhere.
  return (
    <Menu position="bottom-end" withinPortal hideDetached={false}>
      <Menu.Target>
        <Button variant="default" size="compact-sm" aria-label={t('team.row.actions_for', { name })}>
          {t('team.row.actions')}
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        {actions.map((a) => (
          <Menu.Item key={a.label} color={a.danger ? 'red' : undefined} onClick={a.onClick}>
            {a.label}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}
