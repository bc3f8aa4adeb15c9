import type { ApiScope, WebhookEventTypeName } from '@freight/contracts';
import { Badge, Checkbox, type CheckboxGroupProps, Group, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** i18next reads ':' as a namespace and '.' as nesting, so scope and event names are keyed with '_'. */
export const scopeHint = (scope: ApiScope) => `settings.api.scopes.${scope.replace(':', '_')}`;
export const eventHint = (event: WebhookEventTypeName) => `settings.api.events.${event.replaceAll('.', '_')}`;

/**
 * Checkboxes for names a developer types as they are (scopes, event types): the name itself as
 * the label, what it allows or means underneath.
 */
export function CodeChoices<T extends string>({
  options,
  hint,
  ...group
}: Omit<CheckboxGroupProps<T>, 'children'> & { options: readonly T[]; hint: (option: T) => string }) {
  const { t } = useTranslation();
  return (
    <Checkbox.Group<T> {...group}>
      <Stack gap="xs" mt="xs">
        {options.map((option) => (
          <Checkbox
            key={option}
            value={option}
            label={
              <Text span inherit ff="monospace">
                {option}
              </Text>
            }
            description={t(hint(option))}
          />
        ))}
      </Stack>
    </Checkbox.Group>
  );
}

/** The chosen names in a table cell, as the API spells them. */
export function CodeBadges({ names }: { names: readonly string[] }) {
  return (
    <Group gap={4}>
      {names.map((name) => (
        <Badge key={name} variant="light" color="gray" tt="none" ff="monospace" fw={500}>
          {name}
        </Badge>
      ))}
    </Group>
  );
}
