import { Alert, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { PageHeader } from '../../../components/PageHeader';
import { QueryStatus } from '../../../components/QueryStatus';
import { TutorialList } from '../components/TutorialList';
import { TutorialPlayer } from '../components/TutorialPlayer';
import { loadManifest, tutorialLanguage } from '../tutorialAssets';

/**
 * /video-tutorials: the recorded tutorials (e2e/tutorials/record.ts), the chosen one in the player
 * (`?tutorial=<slug>`, else the first), all in the user's language.
 */
export function VideoTutorialsRoute() {
  const { t, i18n } = useTranslation();
  const language = tutorialLanguage(i18n.language);
  const [params, setParams] = useSearchParams();
  const manifest = useQuery({ queryKey: ['tutorials', 'manifest'], queryFn: loadManifest, staleTime: Number.POSITIVE_INFINITY });
  const tutorials = manifest.data?.tutorials ?? [];
  const selected = tutorials.find((tu) => tu.slug === params.get('tutorial')) ?? tutorials[0];

  return (
    <>
      <PageHeader title={t('pages.video_tutorials.title')} />
      <Stack gap="xl">
        <Text>{t('tutorials.intro')}</Text>
        {manifest.error ? (
          <Alert color="red">{t('tutorials.load_failed')}</Alert>
        ) : manifest.isPending ? (
          <QueryStatus query={manifest} />
        ) : selected ? (
          <>
            <TutorialList
              tutorials={tutorials}
              selected={selected.slug}
              language={language}
              onSelect={(slug) => setParams({ tutorial: slug }, { preventScrollReset: true })}
            />
            {/* A new language is a new player: browsers pick the `default` track only when the video loads. */}
            <TutorialPlayer key={`${selected.slug}.${language}`} tutorial={selected} language={language} />
          </>
        ) : (
          <Text c="dimmed">{t('tutorials.empty')}</Text>
        )}
      </Stack>
    </>
  );
}
