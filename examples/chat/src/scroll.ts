import { type RefObject, useEffect, useRef } from 'react';

const SLACK_PX = 80;

const atBottom = () =>
  window.innerHeight + window.scrollY >= document.documentElement.scrollHeight - SLACK_PX;

/**
 * Keeps the newest content in view while it streams, once the person has sent a message and
 * unless they scrolled up to read; sending always brings the view back down. A page that has just
 * loaded stays where it is (at the top), restored conversation or not: on a phone the examples
 * come first, and jumping past them would hide what the page is.
 */
export function useStickToBottom(target: RefObject<HTMLElement | null>, sent: number) {
  const pinned = useRef(false);
  useEffect(() => {
    const onScroll = () => {
      // Only a person's scroll unpins; scrolling to the bottom pins again.
      pinned.current = atBottom();
    };
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => window.removeEventListener('scroll', onScroll);
  }, []);
  useEffect(() => {
    const element = target.current;
    if (element === null) return;
    const observer = new ResizeObserver(() => {
      if (pinned.current) window.scrollTo({ top: document.documentElement.scrollHeight });
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [target]);
  useEffect(() => {
    if (sent === 0) return;
    pinned.current = true;
    window.scrollTo({ top: document.documentElement.scrollHeight });
  }, [sent]);
}
