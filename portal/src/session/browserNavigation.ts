/** A full-page navigation (to a server route that redirects to a provider): its own module, so tests can stand in for it. */
export function goTo(url: string): void {
  window.location.assign(url);
}
