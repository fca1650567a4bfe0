import { describe, expect, it } from 'vitest';
import { personalise, renderPersonalised } from './personalised.ts';
import { defineMail, renderMail } from './render.ts';
import { deadlineReminderMail, type DeadlineReminderProps } from './templates/deadlineReminder.tsx';

const reminder: DeadlineReminderProps = {
  brand: { brandName: 'Atrium', publicUrl: 'https://atrium.test', supportEmail: 'support@atrium.test' },
  firstName: null,
  schoolName: 'Oak Academy',
  courseTitle: 'Podcasting',
  kind: 'due_soon',
  dueOn: '2026-03-03',
  daysLeft: 3,
  courseUrl: 'https://atrium.test/courses/1',
  unsubscribeUrl: '',
};

describe('renderPersonalised', () => {
  it('gives each recipient exactly the mail a render of their own would, names with markup and no name included', async () => {
    const base: DeadlineReminderProps = { ...reminder, schoolName: "St Mary's & <All> Saints" };
    const people = ['Zoë', 'Ann <b>"Bold"</b> & co', null, "O'Neil"].map((firstName, i) => ({
      ...base,
      firstName,
      unsubscribeUrl: `https://atrium.test/unsubscribe?token=abc${i}.sig&x=1`,
    }));
    const batch = await renderPersonalised(people.map((props) => personalise(deadlineReminderMail, props, ['firstName', 'unsubscribeUrl'])));
    for (const [i, props] of people.entries()) {
      const own = await renderMail(deadlineReminderMail, props);
      expect(batch[i]!.subject).toBe(own.subject);
      expect(batch[i]!.text).toBe(own.text);
      // Values are escaped by React, as the render of their own escapes them: the same bytes.
      expect(batch[i]!.html).toBe(own.html);
      expect(batch[i]!.html).not.toContain('<b>"Bold"');
    }
  });

  it('renders once per distinct message, whatever the number of recipients', async () => {
    let renders = 0;
    const counted = defineMail<DeadlineReminderProps>({
      subject: (props) => deadlineReminderMail.subject(props),
      body: (props) => {
        renders += 1;
        return deadlineReminderMail.body(props);
      },
    });
    const base = reminder;
    const mails = Array.from({ length: 50 }, (_, i) =>
      personalise(counted, { ...base, firstName: `Name${i}`, unsubscribeUrl: `https://atrium.test/unsubscribe?token=t${i}` }, ['firstName', 'unsubscribeUrl']),
    );
    const other = personalise(counted, { ...base, courseTitle: 'Video', firstName: 'Solo' }, ['firstName', 'unsubscribeUrl']);
    const rendered = await renderPersonalised([...mails, other]);
    // Two distinct messages (the fifty differ only in personal props): two renders.
    expect(renders).toBe(2);
    expect(rendered[7]!.text).toContain('Name7');
    expect(rendered[7]!.text).toContain('token=t7');
    expect(rendered[7]!.text).not.toContain('xATRIUMPERSONAL');
    expect(rendered[50]!.subject).toContain('Video');
  });
});
