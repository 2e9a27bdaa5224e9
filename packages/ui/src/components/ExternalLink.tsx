import type { MouseEvent, ReactNode } from 'react';
import { usePlatform } from '../platform/PlatformContext';

/**
 * A link that leaves the app. On the desktop the renderer must not navigate away from itself, so the
 * platform opens it (system browser or mailer); on the web the browser does, in a new tab for pages.
 */
export function ExternalLink({ href, children, className }: { href: string; children: ReactNode; className?: string }) {
  const platform = usePlatform();
  const isPage = /^https?:/i.test(href);
  const onClick = (event: MouseEvent<HTMLAnchorElement>) => {
    if (platform.kind === 'desktop') {
      event.preventDefault();
      platform.openExternal(href);
    }
  };
  return (
    <a href={href} className={className} onClick={onClick} {...(isPage ? { target: '_blank', rel: 'noopener noreferrer' } : {})}>
      {children}
    </a>
  );
}
