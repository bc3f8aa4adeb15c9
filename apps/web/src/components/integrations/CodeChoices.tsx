import { API_SCOPES, type ApiScope, WEBHOOK_EVENT_TYPES, type WebhookEventTypeName } from '@freight/contracts';
import { Badge, Checkbox, type CheckboxGroupProps, Code, Group, SimpleGrid } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { WHOLE_LABEL } from '../tracking/StatusBadge';

/** What a form's `getInputProps` hands a group, less what the group words itself. */
type GroupProps<T extends string> = Omit<CheckboxGroupProps<T>, 'children' | 'label' | 'description'>;

/**
 * Checkboxes for names a developer types as they are (scopes, event types): the name itself is
 * the label, so a checkbox is named by its code, and what it allows or means is said underneath.
 * Their words sit under `integrations.<words>`: i18next reads ':' as a namespace and '.' as
 * nesting, so a name is keyed with '_' ('quotes_read', 'shipment_booked').
 */
function CodeChoices<T extends string>({
  options,
  words,
  ...group
}: GroupProps<T> & { options: readonly T[]; words: 'scopes' | 'events' }) {
  const { t } = useTranslation();
  return (
    <Checkbox.Group<T> label={t(`integrations.${words}.label`)} description={t(`integrations.${words}.hint`)} withAsterisk {...group}>
      <SimpleGrid cols={{ base: 1, sm: 2 }} mt="xs" spacing="sm">
        {options.map((option) => (
          <Checkbox
            key={option}
            value={option}
            label={<Code>{option}</Code>}
            description={t(`integrations.${words}.${option.replace(/[:.]/g, '_')}`)}
          />
        ))}
      </SimpleGrid>
    </Checkbox.Group>
  );
}

/** A credential's scopes, each explained. */
export const ScopeChoices = (props: GroupProps<ApiScope>) => <CodeChoices<ApiScope> words="scopes" options={API_SCOPES} {...props} />;

/** The events a webhook receives, each explained. */
export const EventChoices = (props: GroupProps<WebhookEventTypeName>) => (
  <CodeChoices<WebhookEventTypeName> words="events" options={WEBHOOK_EVENT_TYPES} {...props} />
);

/** The chosen names in a table cell, as the API spells them. */
export function CodeBadges({ names, maw }: { names: readonly string[]; maw?: number }) {
  return (
    <Group gap={4} maw={maw}>
      {names.map((name) => (
        <Badge key={name} size="sm" variant="light" color="gray" tt="none" ff="monospace" fw={500} styles={WHOLE_LABEL}>
          {name}
        </Badge>
      ))}
    </Group>
  );
}
