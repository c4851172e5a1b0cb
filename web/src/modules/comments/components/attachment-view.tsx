import Box from '@cloudscape-design/components/box';
import Icon from '@cloudscape-design/components/icon';
import Link from '@cloudscape-design/components/link';
import type { StoredFile } from '#shared/schemas/task';
import type { SyntheticEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { formatBytes, isAudioType, isImageType, isVideoType } from '../attachment-rules';

const thumbStyle = { width: 160, height: 120, objectFit: 'cover', borderRadius: 8, display: 'block' } as const;
const rowStyle = { display: 'flex', flexWrap: 'wrap', gap: 12, alignItems: 'flex-start' } as const;

/**
 * Browsers record webm without a length, so the player would show 0:00 and no progress: seeking far past the end
 * once makes the browser work the length out, then the player goes back to the start.
 */
export const revealAudioLength = (event: SyntheticEvent<HTMLAudioElement>) => {
  const audio = event.currentTarget;
  if (audio.duration !== Infinity) return;
  const back = () => {
    audio.removeEventListener('timeupdate', back);
    audio.currentTime = 0;
  };
  audio.addEventListener('timeupdate', back);
  audio.currentTime = Number.MAX_SAFE_INTEGER;
};

/** An audio file played inline, named for screen readers. */
export const AudioPlayer = ({ file }: { file: Pick<StoredFile, 'url' | 'name'> }) => {
  const { t } = useTranslation();
  return (
    <audio
      controls
      preload="metadata"
      src={file.url}
      onLoadedMetadata={revealAudioLength}
      aria-label={t('comments.audioPlayer', { name: file.name })}
      style={{ maxWidth: '100%' }}
    />
  );
};

export type AttachmentViewProps = { files: readonly StoredFile[]; audio?: readonly StoredFile[] };

/**
 * Files as people use them: images as thumbnails opening the full picture, audio and video played inline, anything
 * else as a download link with its size. Links are signed and short-lived: they come fresh with each load.
 */
export const AttachmentView = ({ files, audio = [] }: AttachmentViewProps) => {
  const { t } = useTranslation();
  const images = files.filter((file) => isImageType(file.content_type));
  const sounds = [...audio, ...files.filter((file) => isAudioType(file.content_type))];
  const videos = files.filter((file) => isVideoType(file.content_type));
  const others = files.filter((file) => !isImageType(file.content_type) && !isAudioType(file.content_type) && !isVideoType(file.content_type));
  if (images.length + sounds.length + videos.length + others.length === 0) return null;
  return (
    <div style={{ display: 'flex', flexDirection: 'column', gap: 8 }}>
      {images.length > 0 && (
        <div style={rowStyle}>
          {images.map((file) => (
            <a key={file.key} href={file.url} target="_blank" rel="noreferrer noopener" title={file.name}>
              <img src={file.url} alt={t('comments.imageAlt', { name: file.name })} loading="lazy" style={thumbStyle} />
            </a>
          ))}
        </div>
      )}
      {sounds.map((file) => (
        <AudioPlayer key={file.key} file={file} />
      ))}
      {videos.map((file) => (
        <video key={file.key} controls preload="metadata" src={file.url} aria-label={t('comments.videoPlayer', { name: file.name })} style={{ maxWidth: 360, borderRadius: 8 }} />
      ))}
      {others.length > 0 && (
        <div style={rowStyle}>
          {others.map((file) => (
            <span key={file.key} style={{ display: 'inline-flex', gap: 4, alignItems: 'center' }}>
              <Icon name="file" />
              <Link href={file.url} external externalIconAriaLabel={t('taskDetail.opensInNewTab')} target="_blank">
                {file.name}
              </Link>
              <Box variant="small" color="text-body-secondary">
                {formatBytes(file.size)}
              </Box>
            </span>
          ))}
        </div>
      )}
    </div>
  );
};
