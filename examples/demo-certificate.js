// Each installation draws its own certificate numbers, so the demo learner's is read from the
// API rather than written into the page. /api/demo answers only outside production, where the
// demo learner is seeded (SEED_DEMO); elsewhere the placeholder says why nothing is shown.
const slot = document.querySelector('[data-demo-certificate]');
if (slot) {
  fetch('/api/demo', { headers: { accept: 'application/json' } })
    .then((response) => (response.ok ? response.json() : null))
    .catch(() => null)
    .then((demo) => {
      if (!demo || typeof demo.certificateNumber !== 'string') {
        slot.textContent = 'The demo certificate appears here when the demo data is seeded (SEED_DEMO, outside production).';
        return;
      }
      const badge = document.createElement('atrium-certificate-badge');
      badge.setAttribute('number', demo.certificateNumber);
      slot.replaceChildren(badge);
    });
}
