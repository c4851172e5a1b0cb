import Link from '@cloudscape-design/components/link';
import { driveLink } from '../internal/drive-link';

export type DriveFolderLinkProps = { url: string | null | undefined; text: string; ariaLabel: string };

/** A Drive folder opening in a new tab; an address that is no web address is shown as text. */
export const DriveFolderLink = ({ url, text, ariaLabel }: DriveFolderLinkProps) => {
  const href = driveLink(url);
  if (!href) return <span style={{ overflowWrap: 'anywhere' }}>{text}</span>;
  return (
    <span style={{ overflowWrap: 'anywhere' }}>
      <Link href={href} external target="_blank" externalIconAriaLabel={ariaLabel}>
        {text}
      </Link>
    </span>
  );
};
