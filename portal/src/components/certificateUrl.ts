/** The public address of a certificate, for sharing and verifying (PUBLIC_URL when known). */
export function certificateUrl(publicUrl: string | undefined, certificateNumber: string): string {
  const origin = (publicUrl || window.location.origin).replace(/\/+$/, '');
  return `${origin}/certificate/${encodeURIComponent(certificateNumber)}`;
}
