import { useId, type ReactNode } from 'react';

/**
 * One part of the 設定 screen: a headed region, so screen readers list the sections as landmarks and a
 * member can jump between them by heading.
 */
export function SettingsSection({ title, children, className }: { title: string; children: ReactNode; className?: string }) {
  const headingId = useId();
  return (
    <section className={className ? `settings-section ${className}` : 'settings-section'} aria-labelledby={headingId}>
      <h2 id={headingId} className="section-heading">
        {title}
      </h2>
      {children}
    </section>
  );
}
