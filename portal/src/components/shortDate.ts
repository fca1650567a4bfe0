const shortDateFormat = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric' });

/** A short British date, e.g. "21 Nov 2026" (invitations sent, invite links created). */
export const formatShortDate = (iso: string) => shortDateFormat.format(new Date(iso));
