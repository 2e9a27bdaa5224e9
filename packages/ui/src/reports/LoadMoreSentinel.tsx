import { useEffect, useRef } from 'react';
import { TIMINGS } from '@hiraku/shared';

/**
 * An empty block at the end of a list that asks for more when 10% of it comes into view (docs/product.md
 * section 9). The observer only reports changes, so after each load (`busy` back to false) a sentinel
 * that is still in view asks again: a short first page on a tall screen still fills the screen.
 */
export function LoadMoreSentinel({ onVisible, busy, active }: { onVisible: () => void; busy: boolean; active: boolean }) {
  const ref = useRef<HTMLDivElement>(null);
  const visible = useRef(false);
  const onVisibleRef = useRef(onVisible);
  useEffect(() => {
    onVisibleRef.current = onVisible;
  }, [onVisible]);

  useEffect(() => {
    const element = ref.current;
    if (!element || !active || typeof IntersectionObserver === 'undefined') return undefined;
    const observer = new IntersectionObserver(
      (entries) => {
        visible.current = entries.some((entry) => entry.isIntersecting);
        if (visible.current) onVisibleRef.current();
      },
      { threshold: TIMINGS.sentinelThreshold },
    );
    observer.observe(element);
    return () => {
      observer.disconnect();
      visible.current = false;
    };
  }, [active]);

  useEffect(() => {
    const element = ref.current;
    if (!active || busy || !element || !visible.current) return;
    // Measured now: the observer's own word on whether the new cards pushed it out comes a frame later.
    const box = element.getBoundingClientRect();
    if (box.top < window.innerHeight && box.bottom >= 0) onVisibleRef.current();
  }, [active, busy]);

  return <div ref={ref} className="load-more-sentinel" aria-hidden="true" />;
}
