import type { MyDataSection } from '@atrium/common';

/**
 * The one declaration of where Atrium keeps personal data, shared by "Download my data"
 * (queries/myData.ts and presenters/myData.ts), account deletion (commands/deleteAccount.ts) and the test that reads the
 * migrated schema (personalData.test.ts). That test flags every column that can point at a person
 * (a foreign key to users, a name like user_id, created_by, email, to_address, subject_id,
 * identity_hash, first_name, phone, or a foreign key into a table owned by a user) and fails until
 * each flagged column is declared here: in PERSONAL_DATA (exported and erased) or in
 * NOT_PERSONAL_DATA, with a reason. Names are as the code writes them (camelCase).
 */

/** How a column ties a row to the person. */
export type OwnerColumn = 'userId' | 'address' | 'certificate' | 'submission';

/** What account deletion does to the person's rows of a table. */
export type Erasure =
  /** The rows are deleted. */
  | 'delete'
  /** The rows stay, tied to the anonymised account, with what identifies the person overwritten (the reason says what). */
  | { anonymise: string }
  /** The rows stay as they are: they identify no one once the account row is anonymised (the reason says why they are kept). */
  | { keep: string };

export interface PersonalDataTable {
  /** The columns through which a row belongs to the person: their user id, their address, one of their certificates or submissions. */
  owner: Record<string, OwnerColumn>;
  /** Other flagged columns of the table, each with what it holds and why that is handled as it is. */
  otherColumns?: Record<string, string>;
  /** The export section these rows appear in, or why they are not exported. */
  exportedAs: MyDataSection | { notExported: string };
  onDeletion: Erasure;
}

const AUDIT = 'names the admin or manager who acted (an audit of the action, not data about them); after deletion it points to the anonymised account';

export const PERSONAL_DATA = {
  users: {
    owner: { id: 'userId', email: 'address' },
    otherColumns: {
      firstName: 'exported in the profile, overwritten on deletion',
      lastName: 'exported in the profile, overwritten on deletion',
      emailVerifiedAt: 'exported as profile.emailVerified, cleared on deletion',
      captionsOn: 'the caption choice on module pages: exported as profile.captions, cleared on deletion',
      captionsLang: 'the caption language last chosen: exported as profile.captions, cleared on deletion',
    },
    exportedAs: 'profile',
    onDeletion: {
      anonymise:
        'the row stays so progress and comments keep their shape; address, password, names, company, picture, role, verification and caption choice are overwritten',
    },
  },
  avatars: { owner: { userId: 'userId' }, exportedAs: 'avatar', onDeletion: 'delete' },
  userIdentities: {
    owner: { userId: 'userId' },
    otherColumns: {
      subject: 'the account id at the provider: not exported (the provider and its address are), deleted with the link',
      email: 'the address the provider vouched for: exported with the link, deleted with it (a link of another account is theirs)',
    },
    exportedAs: 'signIns',
    onDeletion: 'delete',
  },
  schoolMembers: { owner: { userId: 'userId' }, exportedAs: 'schools', onDeletion: 'delete' },
  groupMembers: { owner: { userId: 'userId' }, exportedAs: 'groups', onDeletion: 'delete' },
  schoolInvites: {
    owner: { email: 'address' },
    otherColumns: {
      createdBy: AUDIT,
      firstName: 'the name the manager gave for the invited person: exported with the invitation, deleted with it',
      lastName: 'the name the manager gave for the invited person: exported with the invitation, deleted with it',
    },
    exportedAs: 'invitations',
    onDeletion: 'delete',
  },
  trustManagers: { owner: { userId: 'userId' }, exportedAs: 'trusts', onDeletion: 'delete' },
  trustInvites: {
    owner: { email: 'address' },
    otherColumns: { createdBy: AUDIT },
    exportedAs: 'trustInvitations',
    onDeletion: 'delete',
  },
  enrollments: {
    owner: { userId: 'userId' },
    exportedAs: 'enrollments',
    onDeletion: { keep: 'course statistics keep their counts; the rows point to the anonymised account' },
  },
  progress: {
    owner: { userId: 'userId' },
    exportedAs: 'progress',
    onDeletion: { keep: 'course statistics keep their counts; the rows point to the anonymised account' },
  },
  courseProgress: {
    owner: { userId: 'userId' },
    exportedAs: { notExported: 'a running total of the progress rows, which are exported' },
    onDeletion: { keep: 'the total of rows that are kept; it points to the anonymised account' },
  },
  progressBuckets: {
    owner: { userId: 'userId' },
    exportedAs: { notExported: 'which 10-second parts of a video were played, as bits: the exported progress rows say how much was watched' },
    onDeletion: { keep: 'the retention counters were made from it; the rows point to the anonymised account' },
  },
  comments: {
    owner: { userId: 'userId' },
    otherColumns: {
      replyToUserId: 'whom a reply answers: the other person’s account id, shown by their current name (so "Former learner" once they are gone)',
    },
    exportedAs: 'comments',
    onDeletion: { keep: 'discussions keep their shape; the comment shows "Former learner" as its author' },
  },
  discussionSettings: { owner: { userId: 'userId' }, exportedAs: 'discussionSettings', onDeletion: 'delete' },
  commentReports: {
    owner: { userId: 'userId' },
    otherColumns: { commentId: 'the reported comment, someone else’s: the export shows its module and text as they are now' },
    exportedAs: 'commentReports',
    onDeletion: 'delete',
  },
  commentFollows: {
    owner: { userId: 'userId' },
    otherColumns: { threadId: 'the followed thread, often someone else’s: the export shows its module and opening words as they are now' },
    exportedAs: 'commentFollows',
    onDeletion: 'delete',
  },
  certificates: {
    owner: { userId: 'userId' },
    otherColumns: { studentName: 'exported; overwritten with "Former learner" on deletion' },
    exportedAs: 'certificates',
    onDeletion: { anonymise: 'kept verifiable under "Former learner", or revoked, as the person chooses' },
  },
  quizAttempts: {
    owner: { userId: 'userId' },
    exportedAs: 'quizAttempts',
    onDeletion: 'delete',
  },
  quizDraws: {
    owner: { userId: 'userId' },
    exportedAs: { notExported: 'the questions drawn for an attempt not yet made: the quiz’s own text, nothing the person wrote' },
    onDeletion: 'delete',
  },
  uploads: {
    owner: { userId: 'userId' },
    exportedAs: { notExported: 'an upload not yet finished: its bytes are not kept as the person’s work until it finishes' },
    onDeletion: 'delete',
  },
  quizResults: {
    owner: { userId: 'userId' },
    exportedAs: { notExported: 'the best score and attempt count of the attempts, which are exported' },
    onDeletion: 'delete',
  },
  submissions: {
    owner: { userId: 'userId' },
    otherColumns: { reviewerId: AUDIT },
    exportedAs: 'submissions',
    onDeletion: 'delete',
  },
  submissionFiles: {
    owner: { submissionId: 'submission' },
    exportedAs: 'submissions',
    onDeletion: 'delete',
  },
  assignmentResults: {
    owner: { userId: 'userId' },
    exportedAs: { notExported: 'the latest round’s status per assignment, kept from the submissions, which are exported' },
    onDeletion: 'delete',
  },
  externalCpd: {
    owner: { userId: 'userId' },
    exportedAs: 'externalCpd',
    onDeletion: 'delete',
  },
  transcriptShares: {
    owner: { userId: 'userId' },
    otherColumns: { tokenHash: 'the hash of a share link (the link is never kept): not exported, deleted with the account so every link stops' },
    exportedAs: 'cpdSharing',
    onDeletion: 'delete',
  },
  schoolCpdShares: {
    owner: { userId: 'userId' },
    exportedAs: 'cpdSharing',
    onDeletion: 'delete',
  },
  certificateRenewals: {
    owner: { userId: 'userId' },
    otherColumns: { previousCertificateId: 'a certificate of the same person, whose rows are already tied to them by userId' },
    exportedAs: 'certificateRenewals',
    onDeletion: 'delete',
  },
  credentialSubjects: {
    owner: { userId: 'userId' },
    otherColumns: { subjectId: 'the id every credential of the person names: exported with each credential, deleted with the account' },
    exportedAs: 'credentials',
    onDeletion: 'delete',
  },
  certificateCredentials: {
    owner: { certificateId: 'certificate' },
    otherColumns: {
      subjectId: 'exported with the credential; replaced by a fresh id on deletion so kept credentials no longer name one subject',
      identityHash: 'the salted hash of the address: exported inside the VC-JWT, cleared (with its salt) on deletion',
    },
    exportedAs: 'credentials',
    onDeletion: { anonymise: 'the credential id stays (the revocation list names it); subject id, address hash and salt go' },
  },
  orders: {
    owner: { userId: 'userId', billingEmail: 'address' },
    otherColumns: {
      markedPaidBy: AUDIT,
      invoiceIssuedBy: AUDIT,
      discountSetBy: AUDIT,
      billingAddress: "the school's postal address printed on the invoice, kept for accounting",
    },
    exportedAs: 'orders',
    onDeletion: {
      anonymise: 'orders and invoices are accounting records the agency must keep; a billing address equal to the person’s is replaced by the anonymised one',
    },
  },
  payments: {
    owner: { userId: 'userId' },
    exportedAs: 'payments',
    onDeletion: { keep: 'accounting records the agency must keep; they point to the anonymised account' },
  },
  contactMessages: {
    owner: { email: 'address' },
    otherColumns: { phone: 'exported with the message, deleted with it' },
    exportedAs: 'contactMessages',
    onDeletion: 'delete',
  },
  remindersSent: { owner: { userId: 'userId' }, exportedAs: 'remindersSent', onDeletion: 'delete' },
  unsubscribes: { owner: { userId: 'userId' }, exportedAs: 'unsubscribes', onDeletion: 'delete' },
  outbox: {
    owner: { toAddress: 'address' },
    otherColumns: { subject: "the mail's subject line (not a credential subject): exported, deleted with the row" },
    exportedAs: 'mail',
    onDeletion: 'delete',
  },
  sessions: {
    owner: { userId: 'userId' },
    exportedAs: { notExported: 'the sign-in sessions themselves: secrets of the browsers holding them, with nothing the person gave' },
    onDeletion: 'delete',
  },
  passwordResets: {
    owner: { userId: 'userId' },
    exportedAs: { notExported: 'hashed one-hour tokens: secrets, with nothing the person gave' },
    onDeletion: 'delete',
  },
  emailVerifications: {
    owner: { userId: 'userId' },
    exportedAs: { notExported: 'hashed verification tokens: secrets, with nothing the person gave' },
    onDeletion: 'delete',
  },
  directoryPeople: {
    owner: { userId: 'userId', email: 'address' },
    otherColumns: {
      givenName: "the name the school's directory sends: shown to the school's managers, deleted with the row",
      familyName: "the name the school's directory sends: shown to the school's managers, deleted with the row",
      inviteId: 'the invitation the directory sent the person (itself declared, by address): deleted with the row',
    },
    exportedAs: { notExported: "the school directory's copy of the address and name the person's account and school membership (both exported) already hold" },
    onDeletion: 'delete',
  },
  directoryEvents: {
    owner: { email: 'address' },
    exportedAs: { notExported: "the school's sync log: what its directory did to the membership (exported as the school), for its managers" },
    onDeletion: 'delete',
  },
  signInFlows: {
    owner: { linkUserId: 'userId', testedBy: 'userId' },
    exportedAs: { notExported: 'a provider sign-in under way (minutes long): nonces and verifiers, secrets' },
    onDeletion: 'delete',
  },
} as const satisfies Record<string, PersonalDataTable>;

export type PersonalDataTableName = keyof typeof PERSONAL_DATA;

/**
 * Tables with a column the schema test flags that holds no one's personal data, per column, with
 * the reason. A table listed here is neither exported nor erased.
 */
export const NOT_PERSONAL_DATA: Record<string, Record<string, string>> = {
  schoolDeadlines: { updatedBy: AUDIT },
  schoolDomains: { verifiedBy: AUDIT },
  trustDeadlines: { updatedBy: AUDIT },
  groupCourses: { updatedBy: AUDIT },
  directoryTokens: { createdBy: AUDIT },
  groupInvites: {
    inviteId: 'which staff groups an invitation puts its person in when accepted: deleted with the invitation (exported with it as its school)',
  },
  captions: { uploadedBy: AUDIT },
  accessibilitySettings: {
    contactEmail: "the agency's published address for accessibility problems (a role, set by an admin), not a person's data",
    contactPhone: "the agency's published telephone number for accessibility problems, not a person's data",
    testedBy: 'who tested the site, as published in the accessibility statement (an organisation, set by an admin)',
    updatedBy: AUDIT,
  },
};
