import { Text, type TextProps } from '@mantine/core';
import { placeName } from '../tracking/localTime';

type Place = Parameters<typeof placeName>[0];

/** How wide a place may grow in a list before it wraps (two lines at most, the whole name on hover). */
export const PLACE_MAX_WIDTH = 240;

/**
 * A place in a list cell ('Saint-Jean-sur-Richelieu, QC'): at most two lines and PLACE_MAX_WIDTH
 * wide, the whole name in its title, so a long name never pushes the row's actions off screen.
 */
export function PlaceText({ children, ...props }: { children: string } & TextProps) {
  return (
    <Text size="sm" lineClamp={2} maw={PLACE_MAX_WIDTH} title={children} {...props}>
      {children}
    </Text>
  );
}

/** The whole route of a row whose RouteLine is clamped, for its title: 'Chicago, IL → Atlanta, GA'. */
export function routeTitle(row: { origin: Place; destination: Place }): string {
  return `${placeName(row.origin)} → ${placeName(row.destination)}`;
}
