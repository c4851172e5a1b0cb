import Link from '@cloudscape-design/components/link';
// Only http(s) becomes a link: the connections' one rule for addresses a provider answers.
import { webAddress } from '../../connections/internal/connection-view';

export type DriveFolderLinkProps = { url: string | null | undefined; text: string; ariaLabel: string };

/** A Drive folder opening in a new tab; an address that is no web address is shown as text. */
export const DriveFolderLink = ({ url, text, ariaLabel }: DriveFolderLinkProps) => {
  const href = webAddress(url ?? undefined);
  if (!href) return <span style={{ overflowWrap: 'anywhere' }}>{text}</span>;
  return (
    <span style={{ overflowWrap: 'anywhere' }}>
      <Link href={href} external target="_blank" externalIconAriaLabel={ariaLabel}>
        {text}
      </Link>
    </span>
  );
};
