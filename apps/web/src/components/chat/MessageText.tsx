import { Anchor, Text } from '@mantine/core';
import { Fragment } from 'react';

const URL_PATTERN = /\bhttps?:\/\/[^\s<>"']+[^\s<>"'.,;:!?)\]]/g;

/** Splits text into plain parts and web links (http and https only: nothing else becomes a link). */
export function linkParts(text: string): Array<{ at: number; text: string; href?: string }> {
  const parts: Array<{ at: number; text: string; href?: string }> = [];
  let last = 0;
  for (const match of text.matchAll(URL_PATTERN)) {
    const start = match.index ?? 0;
    if (start > last) parts.push({ at: last, text: text.slice(last, start) });
    parts.push({ at: start, text: match[0], href: match[0] });
    last = start + match[0].length;
  }
  if (last < text.length) parts.push({ at: last, text: text.slice(last) });
  return parts;
}

/**
 * A chat message as text: React escapes every part, links open in a new tab without access to
 * this page, and line breaks are kept. Nothing a user typed runs as HTML.
 */
export function MessageText({ text }: { text: string }) {
  return (
    <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
      {linkParts(text).map((part) => (
        <Fragment key={part.at}>
          {part.href ? (
            <Anchor href={part.href} target="_blank" rel="noopener noreferrer nofollow" size="sm">
              {part.text}
            </Anchor>
          ) : (
            part.text
          )}
        </Fragment>
      ))}
    </Text>
  );
}
