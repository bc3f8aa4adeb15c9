import type { ScorecardFigure } from '@freight/domain/analytics';
import { Anchor } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../../../lib/paths';
import { behindFigure } from './useScorecardFormat';

/** A scorecard figure: a link to the shipments behind it on Admin Shipments, plain text when nothing was measured. */
export function FigureLink({
  carrier,
  from,
  to,
  figure,
  text,
  measured,
}: {
  carrier: { id: string; name: string };
  from: string;
  to: string;
  figure: ScorecardFigure;
  text: string;
  measured: number;
}) {
  const { t } = useTranslation();
  if (measured === 0) return text;
  return (
    <Anchor
      component={Link}
      to={paths.admin.shipments(behindFigure(carrier.id, from, to, figure))}
      size="sm"
      title={t('admin.scorecards.open_shipments', { figure: t(`admin.scorecards.figures.${figure}`), carrier: carrier.name })}
    >
      {text}
    </Anchor>
  );
}
