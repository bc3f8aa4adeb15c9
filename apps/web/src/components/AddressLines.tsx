import { type Country, formatAddressLines, type PostalAddress } from '@freight/domain';
import { Text, type TextProps } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/**
 * A postal address as every screen writes it (formatAddressLines in packages/domain, the same
 * layout as the documents): street lines, the Mexican numbers and colonia, the city line, and
 * the country unless it is `homeCountry`. One line each, in the reader's language.
 */
export function AddressLines({ address, homeCountry, ...text }: { address: PostalAddress; homeCountry?: Country } & TextProps) {
  const { i18n } = useTranslation();
  const lines = formatAddressLines(address, { language: i18n.language, homeCountry });
  return (
    <>
      {lines.map((line, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: the lines of one address, in order
        <Text key={i} size="sm" {...text}>
          {line}
        </Text>
      ))}
    </>
  );
}
