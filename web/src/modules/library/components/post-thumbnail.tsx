import Box from '@cloudscape-design/components/box';
import type { Post } from '#shared/schemas/posts';
import { useState, type CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';

const frame: CSSProperties = {
  width: '100%',
  aspectRatio: '4 / 3',
  objectFit: 'cover',
  borderRadius: 8,
  display: 'block',
  background: 'var(--color-background-container-header, #f4f4f4)',
};

/**
 * The post's thumbnail (the server's copy in the uploads bucket, a signed link; loaded lazily), or a short strip when
 * it has none or it fails to load.
 */
export const PostThumbnail = ({ post, size }: { post: Post; size?: number }) => {
  const { t } = useTranslation();
  const [broken, setBroken] = useState(false);
  const style = size ? { ...frame, width: size, height: size, aspectRatio: undefined } : frame;
  if (!post.thumbnail_url || broken) {
    return (
      // No image to show: a short strip, not an empty frame the size of a picture.
      <div style={{ ...style, aspectRatio: undefined, height: size ?? 40, display: 'flex', alignItems: 'center', justifyContent: 'center' }}>
        <Box color="text-body-secondary" fontSize="body-s">
          {t('library.post.noThumbnail')}
        </Box>
      </div>
    );
  }
  return (
    <img
      src={post.thumbnail_url}
      alt={post.author ? t('library.post.thumbnailAlt', { author: post.author }) : t('library.post.thumbnailAltNoAuthor')}
      loading="lazy"
      referrerPolicy="no-referrer"
      style={style}
      onError={() => setBroken(true)}
    />
  );
};
