import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import type { OneRosterPreviewDto } from '@atrium/common';
import { portalTheme } from '../../../../storybook/portalDecorators.tsx';
import { OneRosterView } from './OneRosterView.tsx';

const row = (over: Partial<OneRosterPreviewDto['rows'][number]>): OneRosterPreviewDto['rows'][number] => ({
  line: 2,
  sourcedId: 't-1',
  email: 'ann.able@oak.sch.uk',
  givenName: 'Ann',
  familyName: 'Able',
  role: 'teacher',
  schoolId: 1,
  schoolName: 'Oak Primary',
  status: 'join',
  detail: 'Joins at once (address on a proven domain)',
  ...over,
});

const preview: OneRosterPreviewDto = {
  orgs: [
    { sourcedId: 'org-oak', name: 'Oak Primary School', type: 'school', schoolId: 1, schoolName: 'Oak Primary', staff: 5 },
    { sourcedId: 'org-elm', name: 'Elm Middle School', type: 'school', schoolId: null, schoolName: null, staff: 0 },
  ],
  rows: [
    row({}),
    row({
      line: 3,
      sourcedId: 't-2',
      email: 'bob.bell@gmail.com',
      givenName: 'Bob',
      familyName: 'Bell',
      role: 'aide',
      status: 'invite',
      detail: 'Gets the usual invitation by e-mail',
    }),
    row({
      line: 4,
      sourcedId: 't-3',
      email: 'cat.cole@oak.sch.uk',
      givenName: 'Catherine',
      familyName: 'Cole',
      role: 'administrator',
      status: 'change',
      detail: 'name Cat Cole → Catherine Cole',
    }),
    row({
      line: 5,
      sourcedId: 't-4',
      email: 'not-an-address',
      givenName: 'Dan',
      familyName: 'Dee',
      status: 'error',
      detail: '"not-an-address" is not a valid e-mail address',
    }),
    row({
      line: 6,
      sourcedId: 't-5',
      email: 'eve@elm.k12.us',
      givenName: 'Eve',
      familyName: 'Ede',
      schoolId: null,
      schoolName: null,
      status: 'error',
      detail: 'Org "Elm Middle School" (org-elm) is not one of your schools: a school maps by its name (or its directory key)',
    }),
    row({
      line: 7,
      sourcedId: 't-6',
      email: 'hana.hand@oak.sch.uk',
      givenName: 'Hana',
      familyName: 'Hand',
      status: 'kept',
      detail: 'Already a member, added another way: a bundle never suspends them',
    }),
    row({
      line: null,
      sourcedId: 't-9',
      email: 'leaver@oak.sch.uk',
      givenName: 'Lee',
      familyName: 'Ver',
      role: null,
      status: 'leave',
      detail: 'Not in this bundle: suspended (as a directory\u2019s leaver), progress and certificates kept',
    }),
  ],
  counts: { join: 1, invite: 1, change: 1, unchanged: 0, kept: 1, leave: 1, error: 2, skipped: 412 },
};

const meta = {
  title: 'Portal/OneRosterView',
  component: OneRosterView,
  decorators: [portalTheme],
  args: {
    owner: 'school',
    chosen: [],
    onChoose: fn(),
    preview: null,
    previewing: false,
    onApply: fn(),
    applying: false,
    onReset: fn(),
    result: null,
    error: null,
  },
} satisfies Meta<typeof OneRosterView>;

export default meta;
type Story = StoryObj<typeof meta>;

export const NothingChosen: Story = {};

export const Reading: Story = { args: { chosen: ['oneroster-export.zip'], previewing: true } };

export const Previewed: Story = { args: { chosen: ['oneroster-export.zip'], preview } };

export const TrustPreviewed: Story = { args: { owner: 'trust', chosen: ['orgs.csv', 'users.csv'], preview } };

export const Refused: Story = {
  args: { chosen: ['users.csv'], error: 'The bundle has no orgs.csv: upload the zip of the OneRoster export, or its orgs.csv and users.csv together.' },
};

export const Applied: Story = { args: { result: '1 person joined, 1 invitation sent, 1 person changed, 1 leaver suspended, 2 rows with errors skipped.' } };
