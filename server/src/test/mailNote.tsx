import { Text } from '@react-email/components';
import { defineMail } from '../mail/render.ts';

/** A template for the Mailer's own tests: a subject and one paragraph, as given. */
export const note = defineMail<{ subject: string; text: string }>({
  subject: ({ subject }) => subject,
  body: ({ text }) => (
    <html>
      <body>
        <Text>{text}</Text>
      </body>
    </html>
  ),
});
