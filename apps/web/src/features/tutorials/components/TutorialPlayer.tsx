import { Grid, Group, NavLink, Paper, Stack, Text, Title } from '@mantine/core';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { TUTORIAL_LANGUAGES, type Tutorial, type TutorialLanguage } from '../manifest';
import { captionsUrl, clock, currentIndex, posterUrl, videoUrl } from '../tutorialAssets';

/**
 * One tutorial: the video with its subtitles (the user's language shown by default), the chapters
 * (choosing one plays from there; the one playing is marked) and the transcript in the user's
 * language.
 */
export function TutorialPlayer({ tutorial, language }: { tutorial: Tutorial; language: TutorialLanguage }) {
  const { t } = useTranslation();
  const video = useRef<HTMLVideoElement>(null);
  const [time, setTime] = useState(0);
  const title = tutorial.title[language];

  // The user's language is shown, the other track turned off: on mount and again once the video
  // has loaded, as Chromium's own track selection may turn a second track on in between.
  const applyLanguage = useCallback(() => {
    const tracks = video.current?.textTracks;
    if (!tracks) return;
    for (const track of Array.from(tracks)) {
      if (track.kind === 'subtitles') track.mode = track.language === language ? 'showing' : 'disabled';
    }
  }, [language]);
  useEffect(applyLanguage, [applyLanguage]);

  const seek = (seconds: number) => {
    const v = video.current;
    if (!v) return;
    v.currentTime = seconds;
    setTime(seconds);
    const playing = v.play();
    // jsdom has no media playback; a browser may refuse to play until the user allows it.
    if (playing) playing.catch(() => {});
  };

  const chapter = currentIndex(
    tutorial.chapters.map((c) => c.start),
    time,
  );
  const line = currentIndex(
    tutorial.transcript.map((l) => l.start),
    time,
  );
  const onTime = () => setTime(video.current?.currentTime ?? 0);

  return (
    <Stack gap="md">
      <Title order={2} size="h3">
        {title}
      </Title>
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, lg: 8 }}>
          {/* biome-ignore lint/a11y/useMediaCaption: the caption tracks are rendered below, one per language */}
          <video
            ref={video}
            style={{
              display: 'block',
              width: '100%',
              aspectRatio: `${tutorial.width} / ${tutorial.height}`,
              background: 'var(--mantine-color-dark-7)',
              borderRadius: 'var(--mantine-radius-md)',
            }}
            controls
            preload="metadata"
            poster={posterUrl(tutorial)}
            aria-label={t('tutorials.player', { title })}
            onTimeUpdate={onTime}
            onSeeked={onTime}
            onLoadedMetadata={applyLanguage}
            data-testid="tutorial-video"
          >
            <source src={videoUrl(tutorial)} type="video/webm" />
            {TUTORIAL_LANGUAGES.map((lang) => (
              <track
                key={lang}
                kind="subtitles"
                srcLang={lang}
                label={t(`tutorials.captions.${lang}`)}
                src={captionsUrl(tutorial, lang)}
                default={lang === language}
              />
            ))}
            {t('tutorials.no_video')}
          </video>
        </Grid.Col>
        <Grid.Col span={{ base: 12, lg: 4 }}>
          <Paper withBorder p="md" component="nav" aria-labelledby="tutorial-chapters">
            <Title order={3} size="h4" fz="md" mb="sm" id="tutorial-chapters">
              {t('tutorials.chapters')}
            </Title>
            <Stack component="ol" gap={2} p={0} m={0} style={{ listStyle: 'none' }}>
              {tutorial.chapters.map((c, i) => (
                <li key={c.start}>
                  <NavLink
                    component="button"
                    type="button"
                    onClick={() => seek(c.start)}
                    active={i === chapter}
                    aria-current={i === chapter ? 'step' : undefined}
                    leftSection={
                      // The active chapter's tinted background leaves dimmed grey below 4.5:1: it takes the label's colour.
                      <Text span size="sm" c={i === chapter ? undefined : 'dimmed'} ff="monospace">
                        {clock(c.start)}
                      </Text>
                    }
                    label={c.title[language]}
                    style={{ borderRadius: 'var(--mantine-radius-sm)' }}
                  />
                </li>
              ))}
            </Stack>
          </Paper>
        </Grid.Col>
      </Grid>
      <Paper withBorder p="md" component="section" aria-labelledby="tutorial-transcript">
        <Title order={3} size="h4" fz="md" mb="sm" id="tutorial-transcript">
          {t('tutorials.transcript')}
        </Title>
        <Stack component="ol" gap={4} p={0} m={0} lang={language} style={{ listStyle: 'none' }}>
          {tutorial.transcript.map((l, i) => (
            <Group
              component="li"
              key={l.start}
              gap="sm"
              wrap="nowrap"
              align="baseline"
              px="xs"
              py={2}
              data-current={i === line || undefined}
              style={{
                borderRadius: 'var(--mantine-radius-sm)',
                background: i === line ? 'var(--mantine-primary-color-light)' : undefined,
              }}
            >
              <Text span size="sm" c="dimmed" ff="monospace">
                {clock(l.start)}
              </Text>
              <Text span size="sm">
                {l.text[language]}
              </Text>
            </Group>
          ))}
        </Stack>
      </Paper>
    </Stack>
  );
}
