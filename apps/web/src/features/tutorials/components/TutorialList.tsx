import { AspectRatio, Badge, Card, Group, Image, SimpleGrid, Text, UnstyledButton, VisuallyHidden } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { Tutorial, TutorialLanguage } from '../manifest';
import { clock, posterUrl } from '../tutorialAssets';

/** The tutorials as cards (poster, title, length); choosing one shows it in the player. */
export function TutorialList({
  tutorials,
  selected,
  language,
  onSelect,
}: {
  tutorials: Tutorial[];
  selected: string;
  language: TutorialLanguage;
  onSelect: (slug: string) => void;
}) {
  const { t } = useTranslation();
  return (
    <SimpleGrid
      component="ul"
      aria-label={t('tutorials.list')}
      cols={{ base: 1, xs: 2, md: 3, lg: 5 }}
      spacing="md"
      p={0}
      m={0}
      style={{ listStyle: 'none' }}
    >
      {tutorials.map((tutorial) => {
        const current = tutorial.slug === selected;
        const time = clock(tutorial.duration);
        return (
          <li key={tutorial.slug}>
            <UnstyledButton
              onClick={() => onSelect(tutorial.slug)}
              aria-pressed={current}
              w="100%"
              h="100%"
              style={{ borderRadius: 'var(--mantine-radius-md)' }}
            >
              <Card
                withBorder
                radius="md"
                padding="sm"
                h="100%"
                style={
                  current
                    ? { borderColor: 'var(--mantine-primary-color-filled)', boxShadow: '0 0 0 1px var(--mantine-primary-color-filled)' }
                    : undefined
                }
              >
                <Card.Section>
                  <AspectRatio ratio={tutorial.width / tutorial.height}>
                    <Image src={posterUrl(tutorial)} alt="" loading="lazy" />
                  </AspectRatio>
                </Card.Section>
                <Text fw={600} mt="sm" lh={1.3}>
                  {tutorial.title[language]}
                </Text>
                <Group gap="xs" mt={6}>
                  {/* The button is named by what it shows; "3:05 min" is read out in words. */}
                  <Text size="sm" c="dimmed" aria-hidden>
                    {t('tutorials.length', { time })}
                  </Text>
                  <VisuallyHidden>{t('tutorials.length_label', { time })}</VisuallyHidden>
                  {current && (
                    <Badge size="sm" variant="light">
                      {t('tutorials.playing')}
                    </Badge>
                  )}
                </Group>
              </Card>
            </UnstyledButton>
          </li>
        );
      })}
    </SimpleGrid>
  );
}
