import Link, { type LinkProps } from '@cloudscape-design/components/link';
import { useFollow } from './use-follow';

export type RouterLinkProps = Omit<LinkProps, 'href' | 'onFollow'> & { to: string };

/** A Cloudscape link that navigates inside the SPA. */
export const RouterLink = ({ to, ...props }: RouterLinkProps) => {
  const follow = useFollow();
  return <Link {...props} href={to} onFollow={follow} />;
};
