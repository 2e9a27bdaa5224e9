import type { MouseEvent, ReactNode } from 'react';

/**
 * A jump to a heading on the same page. Under the desktop app's hash router a plain "#id" would be
 * read as a route, so the jump is done by hand; the href stays for "copy link" and for screen readers.
 */
export function InPageLink({ targetId, children, className }: { targetId: string; children: ReactNode; className?: string }) {
  const onClick = (event: MouseEvent<HTMLAnchorElement>) => {
    const target = document.getElementById(targetId);
    if (!target) return;
    event.preventDefault();
    target.scrollIntoView({ block: 'start' });
    target.focus({ preventScroll: true });
  };
  return (
    <a href={`#${targetId}`} className={className} onClick={onClick}>
      {children}
    </a>
  );
}
