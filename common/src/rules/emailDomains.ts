/**
 * Free, public mailbox providers: anyone can have an address there, so such a domain can never
 * stand for a school. The list covers the providers staff in the UK and Ireland use most.
 */
export const PUBLIC_EMAIL_DOMAINS: ReadonlySet<string> = new Set([
  'gmail.com',
  'googlemail.com',
  'outlook.com',
  'outlook.co.uk',
  'hotmail.com',
  'hotmail.co.uk',
  'live.com',
  'live.co.uk',
  'msn.com',
  'yahoo.com',
  'yahoo.co.uk',
  'ymail.com',
  'rocketmail.com',
  'icloud.com',
  'me.com',
  'mac.com',
  'aol.com',
  'aol.co.uk',
  'protonmail.com',
  'protonmail.ch',
  'proton.me',
  'pm.me',
  'gmx.com',
  'gmx.co.uk',
  'gmx.net',
  'gmx.de',
  'mail.com',
  'btinternet.com',
  'btopenworld.com',
  'sky.com',
  'virginmedia.com',
  'blueyonder.co.uk',
  'ntlworld.com',
  'talktalk.net',
  'tiscali.co.uk',
  'plus.net',
  'zoho.com',
  'zohomail.com',
  'yandex.com',
  'yandex.ru',
  'mail.ru',
  'tutanota.com',
  'tuta.io',
  'fastmail.com',
  'fastmail.fm',
  'hey.com',
  'qq.com',
  '163.com',
  'web.de',
  'orange.fr',
  'free.fr',
  'eircom.net',
  'outlook.ie',
]);

/** The part after the last @, lower-cased; '' when there is none. */
export function emailDomain(email: string): string {
  const at = email.lastIndexOf('@');
  return at < 0
    ? ''
    : email
        .slice(at + 1)
        .trim()
        .toLowerCase();
}

export const isPublicEmailDomain = (domain: string): boolean => PUBLIC_EMAIL_DOMAINS.has(domain.trim().toLowerCase());
