import { useEffect } from 'react';

/** How long a jump is followed after the page last moved under it (a busy phone draws cards late). */
const SETTLE_MS = 3000;
/** What a reader does to take the scroll over: the jump is then theirs, not ours, to finish. */
const READER_INPUT = ['wheel', 'touchstart', 'keydown', 'pointerdown', 'focusin'] as const;

/**
 * Keeps a jump to a section (`/#faq`, the header's "FAQ", the hero's "See the courses") landing on
 * that section. The course cards are drawn only near the screen (CoursesSection's
 * `content-visibility: auto`) and stand at an estimated height until then; a jump past them is
 * aimed by the estimates, and the cards drawn on the way (a smooth scroll draws them all) push the
 * section off its mark, by hundreds of pixels with a large catalogue. The browser's scroll
 * anchoring does not correct it. This does: once the scroll has ended, and whenever the page
 * changes height while the jump is still settling, the section is brought back to its
 * `scroll-margin-top` under the header, until the reader scrolls themselves.
 */
export function useSectionLinks(): void {
  useEffect(() => {
    let stop = () => {};

    function follow(target: HTMLElement) {
      stop();
      let timer = 0;
      let scrolling = false;
      const margin = () => parseFloat(getComputedStyle(target).scrollMarginTop) || 0;
      const align = () => {
        if (!scrolling && Math.abs(target.getBoundingClientRect().top - margin()) > 1) target.scrollIntoView({ block: 'start' });
      };
      const settle = () => {
        window.clearTimeout(timer);
        timer = window.setTimeout(() => stop(), SETTLE_MS);
      };
      const onScroll = () => {
        scrolling = true;
        settle();
      };
      const onScrollEnd = () => {
        scrolling = false;
        align();
      };
      // Without `scrollend` (older Safari), a scroll is over once no scroll event came for a moment.
      let idle = 0;
      const onScrollFallback = () => {
        onScroll();
        window.clearTimeout(idle);
        idle = window.setTimeout(onScrollEnd, 150);
      };
      const hasScrollEnd = 'onscrollend' in window;
      const resized = new ResizeObserver(() => {
        align();
        settle();
      });
      const end = () => {
        resized.disconnect();
        window.clearTimeout(timer);
        window.clearTimeout(idle);
        window.removeEventListener('scroll', hasScrollEnd ? onScroll : onScrollFallback);
        window.removeEventListener('scrollend', onScrollEnd);
        for (const type of READER_INPUT) window.removeEventListener(type, end, { capture: true });
        stop = () => {};
      };
      resized.observe(document.body);
      window.addEventListener('scroll', hasScrollEnd ? onScroll : onScrollFallback, { passive: true });
      if (hasScrollEnd) window.addEventListener('scrollend', onScrollEnd);
      for (const type of READER_INPUT) window.addEventListener(type, end, { passive: true, capture: true });
      stop = end;
      settle();
    }

    const sectionOf = (hash: string) => (hash.length > 1 ? document.getElementById(decodeURIComponent(hash.slice(1))) : null);

    // Arriving at /#faq: the browser jumps to the section by the time the page has loaded (with a
    // smooth scroll, still under way when the app starts), and the section may move after. Followed
    // from then until the reader takes over. (Whether they scrolled before the app started cannot
    // be told: neither the scroll position mid-jump nor the browser's user activation, which a
    // navigation from the address bar already sets, says so.)
    const arrive = () => {
      const arrived = sectionOf(window.location.hash);
      if (arrived) follow(arrived);
    };
    if (document.readyState === 'complete') arrive();
    else window.addEventListener('load', arrive, { once: true });

    // A link to a section on this page: the browser starts its own (smooth) scroll after this
    // listener, and the jump is followed from there.
    const onClick = (event: MouseEvent) => {
      if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
      const link = event.target instanceof Element ? event.target.closest<HTMLAnchorElement>('a[href^="#"]') : null;
      const section = link ? sectionOf(link.getAttribute('href') ?? '') : null;
      if (section) window.setTimeout(() => follow(section), 0);
    };
    document.addEventListener('click', onClick);
    return () => {
      window.removeEventListener('load', arrive);
      document.removeEventListener('click', onClick);
      stop();
    };
  }, []);
}
