import Box from '@cloudscape-design/components/box';
import Icon from '@cloudscape-design/components/icon';
import { useState, type CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';

/** The host an image address names, for the tile shown when the image itself cannot be shown. */
const hostOf = (url: string) => {
  try {
    return new URL(url).host;
  } catch {
    return url;
  }
};

/**
 * A task's reference image as a link to it. The page shows images from the uploads bucket only (CSP), so one on
 * another site (a post's image as the site named it) is shown as a tile naming that site, not as a broken image.
 */
export const ReferenceImage = ({ url, index, style }: { url: string; index: number; style: CSSProperties }) => {
  const { t } = useTranslation();
  const [broken, setBroken] = useState(false);
  return (
    <a
      href={url}
      target="_blank"
      rel="noreferrer noopener"
      // The tile's visible text is part of its name (what a voice-control user says to follow it).
      aria-label={
        broken ? t('taskDetail.referenceImageElsewhereLabel', { n: String(index + 1), host: hostOf(url) }) : t('taskDetail.referenceImage', { n: String(index + 1) })
      }
    >
      {broken ? (
        <div
          style={{
            ...style,
            display: 'flex',
            flexDirection: 'column',
            alignItems: 'center',
            justifyContent: 'center',
            gap: 4,
            padding: 8,
            boxSizing: 'border-box',
            border: '1px solid var(--color-border-divider-default, #c6c6cd)',
            overflowWrap: 'anywhere',
            textAlign: 'center',
          }}
        >
          <Icon name="external" />
          <Box fontSize="body-s" color="text-body-secondary">
            {t('taskDetail.referenceImageElsewhere', { host: hostOf(url) })}
          </Box>
        </div>
      ) : (
        <img src={url} alt="" loading="lazy" referrerPolicy="no-referrer" style={{ ...style, display: 'block' }} onError={() => setBroken(true)} />
      )}
    </a>
  );
};
