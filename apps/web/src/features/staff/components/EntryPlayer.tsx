import { Group, Kbd, Text } from '@mantine/core';
import { formatDuration, type MarkingEntry } from '@eisteddfod/shared';
import { useId, useRef, type KeyboardEvent } from 'react';

type MarkingFile = MarkingEntry['files'][number];

/** Seconds an arrow key moves the recording; J and L move twice as far, as in most players. */
const STEP_SECONDS = 5;

/**
 * An entry's recording on the marking page (decision 025): the rendition that plays in every
 * browser, streamed with range requests, its poster until it plays, and keys an adjudicator
 * marking many entries learns once: Space or K to play and pause, the arrows or J and L to
 * move back and forward, M to mute.
 */
export function EntryPlayer({ file, entryCode }: { file: MarkingFile; entryCode: string }) {
  const video = useRef<HTMLVideoElement>(null);
  const keysId = useId();
  if (file.processing === 'pending') {
    return <Text size="sm">This recording is still being processed. Please look again soon.</Text>;
  }
  if (file.processing === 'failed') {
    return <Text size="sm">This recording could not be read, so it cannot be played.</Text>;
  }

  function onKeyDown(event: KeyboardEvent<HTMLVideoElement>) {
    const v = video.current;
    if (!v || event.altKey || event.ctrlKey || event.metaKey) return;
    const seek = (seconds: number) => {
      v.currentTime = Math.min(Math.max(0, v.currentTime + seconds), v.duration || Infinity);
    };
    switch (event.key) {
      case ' ':
      case 'k':
      case 'K':
        if (v.paused) void v.play();
        else v.pause();
        break;
      case 'ArrowLeft':
        seek(-STEP_SECONDS);
        break;
      case 'ArrowRight':
        seek(STEP_SECONDS);
        break;
      case 'j':
      case 'J':
        seek(-2 * STEP_SECONDS);
        break;
      case 'l':
      case 'L':
        seek(2 * STEP_SECONDS);
        break;
      case 'm':
      case 'M':
        v.muted = !v.muted;
        break;
      default:
        return;
    }
    event.preventDefault();
  }

  return (
    <div>
      <video
        ref={video}
        controls
        playsInline
        preload="metadata"
        poster={file.posterUrl ?? undefined}
        src={file.url}
        aria-label={`${file.label} of entry ${entryCode}`}
        aria-describedby={keysId}
        onKeyDown={onKeyDown}
        style={{ width: '100%', maxWidth: 720, maxHeight: '70vh', background: '#000' }}
      >
        <track kind="captions" />
      </video>
      <Group gap={6} id={keysId} wrap="wrap">
        {file.durationSeconds !== null && (
          <Text size="xs">Length {formatDuration(file.durationSeconds)}.</Text>
        )}
        <Text size="xs">
          Keys: <Kbd>Space</Kbd> play or pause, <Kbd>←</Kbd> <Kbd>→</Kbd> 5 seconds, <Kbd>J</Kbd>{' '}
          <Kbd>L</Kbd> 10 seconds, <Kbd>M</Kbd> mute.
        </Text>
      </Group>
    </div>
  );
}
