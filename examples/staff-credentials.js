// Numbers given in the address (?revoked=…, ?unknown=…) go to the badges that ask for them, so
// the page can show a certificate the agency revoked on an installation that has one.
const params = new URLSearchParams(window.location.search);
for (const badge of document.querySelectorAll('atrium-certificate-badge[data-query-number]')) {
  const number = params.get(badge.dataset.queryNumber);
  if (number) badge.setAttribute('number', number);
}
