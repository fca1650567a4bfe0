import { Component, useEffect, useRef, type ErrorInfo, type ReactNode } from 'react';
import { useLocation } from 'react-router';
import { Button } from './Button.tsx';
import { Container } from './Layout.tsx';
import { StatusMessage } from './StatusMessage.tsx';

/** The server could not be reached for the session check: say so and offer a retry. */
export function SessionErrorScreen({ error, onRetry }: { error: Error; onRetry(): void }) {
  return (
    <main id="main">
      <Container>
        <StatusMessage icon="wifiOff" headingLevel={1} title="We can't reach the server" tone="danger" actions={<Button onClick={onRetry}>Try again</Button>}>
          <p>Check your internet connection and try again. If the problem continues, the site may be down for maintenance.</p>
          <p>
            <small>Details: {error.message}</small>
          </p>
        </StatusMessage>
      </Container>
    </main>
  );
}

/** A render error or a scene chunk that failed to load (often after a new release). */
export function RenderErrorScreen({ error }: { error: Error }) {
  return (
    <main id="main">
      <Container>
        <StatusMessage
          icon="alert"
          headingLevel={1}
          title="Something went wrong"
          tone="danger"
          actions={<Button onClick={() => window.location.reload()}>Reload the page</Button>}
        >
          <p>This page could not be shown. Reloading usually fixes it.</p>
          <p>
            <small>Details: {error.message}</small>
          </p>
        </StatusMessage>
      </Container>
    </main>
  );
}

class Boundary extends Component<{ children: ReactNode }, { error: Error | null }> {
  override state: { error: Error | null } = { error: null };

  static getDerivedStateFromError(error: unknown) {
    return { error: error instanceof Error ? error : new Error(String(error)) };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo) {
    console.error('Render error', error, info.componentStack);
  }

  override render() {
    return this.state.error ? <RenderErrorScreen error={this.state.error} /> : this.props.children;
  }
}

/** Catches render errors per page; navigating elsewhere starts afresh. */
export function RouteErrorBoundary({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  return <Boundary key={pathname}>{children}</Boundary>;
}

/** New page, top of the page (back/forward keep the browser's own restoration). */
export function ScrollToTop() {
  const { pathname } = useLocation();
  const shown = useRef(pathname);
  useEffect(() => {
    // The first page keeps the browser's own position: a reload, a #link, or a reader who has
    // scrolled a page the server drew before its script ran. Moving to another page starts at its top.
    if (shown.current === pathname) return;
    shown.current = pathname;
    window.scrollTo(0, 0);
  }, [pathname]);
  return null;
}
