import { Fragment } from 'react';

/**
 * An e-mail address that may wrap before its "@" and its dots rather than a few letters a line
 * where a phone's column is narrow (a long address otherwise breaks wherever the box ends).
 */
export function BreakableEmail({ email }: { email: string }) {
  return email.split(/(?=[@.])/).map((part, index) => (
    <Fragment key={index}>
      {index > 0 ? <wbr /> : null}
      {part}
    </Fragment>
  ));
}
