import type { StaffAccountDetail } from '@freight/contracts';
import { canAssignSalesReps, canEditPricing, canReadPricing } from '@freight/domain';
import { Anchor, Button, Group, NativeSelect, Stack, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { FormAlert } from '../../../../components/FormAlert';
import { Section } from '../../../../components/Section';
import { useAuthUser } from '../../../../lib/auth';
import { setServerErrors } from '../../../../lib/forms';
import { paths } from '../../../../lib/paths';
import { useFormat } from '../../../../lib/useFormat';
import { salesRepsQuery, setSalesRep } from '../../api/salesRepsApi';

/**
 * The account's sales rep: the admins and sales admins choose one among the users holding a sales
 * role (or none); everyone else reads it. Those who may read the account's pricing program (its
 * rep among them) find the link to it here.
 */
export function AccountSalesRep({ account: a }: { account: StaffAccountDetail }) {
  const { t } = useTranslation();
  const fmt = useFormat();
  const user = useAuthUser();
  const roles = user?.roles ?? [];
  const current = a.sales_rep;
  const mayAssign = canAssignSalesReps(roles);
  const readsPricing = canEditPricing(roles) || (canReadPricing(roles) && current?.rep.id === user?.id);
  return (
    <Section title={t('admin.accounts.sales_rep.title')}>
      <Stack gap="xs">
        {mayAssign ? (
          <RepForm account={a} />
        ) : (
          <Text size="sm">{current ? `${current.rep.name} (${current.rep.email})` : t('admin.accounts.sales_rep.none')}</Text>
        )}
        {current && (
          <Text size="xs" c="dimmed">
            {t('admin.accounts.sales_rep.assigned', {
              by: current.assigned_by ?? t('admin.accounts.sales_rep.someone'),
              date: fmt.date(current.assigned_at),
            })}
          </Text>
        )}
        {readsPricing && (
          <Anchor component={Link} to={paths.admin.pricingProgram(a.id)} size="sm">
            {t('admin.accounts.sales_rep.pricing_program')}
          </Anchor>
        )}
      </Stack>
    </Section>
  );
}

/** The rep's select and its save button; the field carries the server's refusal. */
function RepForm({ account: a }: { account: StaffAccountDetail }) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const reps = useQuery(salesRepsQuery());
  const form = useForm({ initialValues: { user_id: a.sales_rep?.rep.id ?? '' } });
  const save = useMutation({
    mutationFn: (userId: string) => setSalesRep(a.id, userId || null),
    onSuccess: async (now) => {
      notifications.show({
        color: 'green',
        message: now ? t('admin.accounts.sales_rep.saved', { name: now.rep.name }) : t('admin.accounts.sales_rep.cleared'),
      });
      await client.invalidateQueries({ queryKey: ['admin', 'accounts'] });
    },
    onError: (e) => setServerErrors(form, e),
  });
  // The current rep stays a choice while the list loads, or after they lost their sales role.
  const options = [...(reps.data ?? [])];
  if (a.sales_rep && !options.some((r) => r.id === a.sales_rep?.rep.id)) options.unshift(a.sales_rep.rep);
  return (
    <form noValidate onSubmit={form.onSubmit((v) => save.mutate(v.user_id))}>
      <Group align="flex-end" gap="sm" wrap="wrap">
        <NativeSelect
          label={t('admin.accounts.sales_rep.label')}
          data={[
            { value: '', label: t('admin.accounts.sales_rep.none_option') },
            ...options.map((r) => ({ value: r.id, label: `${r.name} (${r.email})` })),
          ]}
          w={340}
          maw="100%"
          {...form.getInputProps('user_id')}
        />
        <Button type="submit" variant="default" loading={save.isPending} disabled={form.values.user_id === (a.sales_rep?.rep.id ?? '')}>
          {t('admin.accounts.sales_rep.save')}
        </Button>
      </Group>
      <FormAlert error={save.error} fields={form} />
    </form>
  );
}
