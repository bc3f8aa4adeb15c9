import { SimpleGrid, type SimpleGridProps, Text } from '@mantine/core';
import type { ReactNode } from 'react';

export interface ShipmentFact {
  label: string;
  value: ReactNode;
}

/**
 * A shipment's facts (carrier, pickup date, delivery...) as a description list in a grid: each
 * label small and dimmed above its value. The grid's columns and spacing are the caller's.
 */
export function ShipmentFacts({ facts, ...grid }: { facts: ShipmentFact[] } & Omit<SimpleGridProps, 'children'>) {
  return (
    <SimpleGrid component="dl" {...grid}>
      {facts.map((f) => (
        <div key={f.label}>
          <Text component="dt" size="xs" c="dimmed" tt="uppercase" fw={600}>
            {f.label}
          </Text>
          <Text component="dd" size="sm" m={0}>
            {f.value}
          </Text>
        </div>
      ))}
    </SimpleGrid>
  );
}
