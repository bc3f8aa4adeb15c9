import { Anchor, Box, type BoxProps, Group } from '@mantine/core';
import { type ComponentType, createElement } from 'react';
import { useTranslation } from 'react-i18next';
import { paths } from '../lib/paths';

/** A router's link (the portal's): it is given the path as `to`, and the anchor's other props. */
type RouterLink = ComponentType<{ to: string }>;

/**
 * Every page's footer: the accessibility statement's link. The portal's layouts pass their
 * router's Link; the frame, shared with the guest pages (no router), leaves it a document link.
 */
export function SiteFooter({ link, ...box }: { link?: RouterLink } & BoxProps) {
  const { t } = useTranslation();
  return (
    <Box component="footer" {...box}>
      <Group justify="center" gap="md">
        <Anchor
          href={paths.accessibility}
          size="sm"
          renderRoot={link ? ({ href, ...props }) => createElement(link, { ...props, to: href }) : undefined}
        >
          {t('a11y.statement_link')}
        </Anchor>
      </Group>
    </Box>
  );
}
