import {
  certificateValidity,
  OB_CONTEXT,
  OB_SCHEMA,
  VC_CONTEXT,
  type AchievementDto,
  type CredentialJwtPayloadDto,
  type IdentityObjectDto,
  type IssuerProfileDto,
  type OpenBadgeCredentialDto,
  type ResultDescriptionDto,
  type ResultDto,
} from '@atrium/common';
import type { Config } from '../config.ts';
import type { CredentialIdentity } from '../commands/credentialIdentity.ts';
import { certificateName, type Certificate } from '../models/Certificate.ts';
import { cpdOf } from '../models/courseCpd.ts';

type Issuer = Pick<Config, 'publicUrl' | 'brandName' | 'supportEmail'>;

export const issuerId = (config: Pick<Config, 'publicUrl'>) => `${config.publicUrl}/api/credentials/issuer`;
export const achievementId = (config: Pick<Config, 'publicUrl'>, courseId: number) => `${config.publicUrl}/api/credentials/achievements/${courseId}`;
export const revocationListId = (config: Pick<Config, 'publicUrl'>) => `${config.publicUrl}/api/credentials/revocations`;

/** ISO 8601 in whole seconds: `validFrom` and the JWT's `nbf` then say the same instant. */
const wholeSeconds = (ms: number) => new Date(Math.floor(ms / 1000) * 1000).toISOString().replace('.000Z', 'Z');

/** The issuer's Profile: embedded in every credential and answered as JSON at its id. */
export function presentIssuerProfile(config: Issuer): IssuerProfileDto {
  return { id: issuerId(config), type: ['Profile'], name: config.brandName, url: config.publicUrl, email: config.supportEmail };
}

/** What a course asked beyond its videos, as the certificate gate (commands/courseCompletion.ts) checks it. */
export interface AchievementRequirements {
  /** A final knowledge check had to be passed. */
  finalQuiz: boolean;
  /** How many assignments had to be completed. */
  assignments: number;
}

/**
 * The achievement's criteria in words: every module, and the final knowledge check and the
 * assignments where the course asks for them, so that a verifier reads what was really required.
 */
export function achievementNarrative(config: Pick<Config, 'brandName'>, title: string, requirements: AchievementRequirements): string {
  const steps = [
    'watch every module and complete each one',
    ...(requirements.finalQuiz ? ['pass the final knowledge check'] : []),
    ...(requirements.assignments === 1
      ? ['complete the assignment']
      : requirements.assignments > 1
        ? [`complete its ${requirements.assignments} assignments`]
        : []),
  ];
  const last = steps.length > 1 ? `${steps.slice(0, -1).join(', ')} and ${steps.at(-1)!}` : steps[0];
  const approval = requirements.assignments > 0 ? ' (an assignment counts once it is approved, where it needs approval)' : '';
  return `Complete the video course "${title}" on ${config.brandName}'s learning portal: ${last}${approval}. The certificate is issued when every requirement is met.`;
}

export function presentAchievement(
  config: Issuer,
  course: { id: number | null; title: string; description?: string | null; requirements: AchievementRequirements },
  fallbackId: string,
): AchievementDto {
  const description = course.description?.trim() || `The ${course.title} video course from ${config.brandName}.`;
  return {
    id: course.id === null ? fallbackId : achievementId(config, course.id),
    type: ['Achievement'],
    achievementType: 'CertificateOfCompletion',
    name: course.title,
    description,
    criteria: {
      narrative: achievementNarrative(config, course.title, course.requirements),
    },
  };
}

/**
 * The Open Badges 3.0 credential of a certificate, ready to sign: the learner is named by their
 * stable subject id, by the salted hash of their e-mail address and by the name the certificate
 * was made out to (plain text, as printed on it), never by the address itself.
 */
export function presentCredential(
  config: Issuer,
  certificate: Pick<Certificate, 'certificateNumber' | 'courseId' | 'courseName' | 'studentName' | 'completedAt' | 'issuedAt'> & {
    quizScore?: number | null;
    /** Issue 59: the hours and CEUs the certificate was issued with. */
    cpdQuarterHours?: number | null;
    ceuHundredths?: number | null;
    /** The course's assignments the learner had completed: what the certificate waited for beside the videos. */
    completedAssignments?: number;
  },
  course: { description: string; validityMonths?: number | null; passMark?: number | null } | null,
  identity: CredentialIdentity,
): CredentialJwtPayloadDto {
  const identifier: IdentityObjectDto[] = [];
  if (identity.identityHash && identity.salt) {
    identifier.push({ type: 'IdentityObject', identityType: 'emailAddress', hashed: true, identityHash: identity.identityHash, salt: identity.salt });
  }
  identifier.push({ type: 'IdentityObject', identityType: 'name', hashed: false, identityHash: certificateName(certificate.studentName) });
  const completedAt = Number(certificate.completedAt);
  // A course with a validity period: the credential says until when, as the certificate page does
  // (from the issue date); verifiers then call it expired, never revoked.
  const months = course?.validityMonths == null ? null : Number(course.validityMonths);
  const validUntil = certificateValidity(Number(certificate.issuedAt), months)?.expiresAt ?? null;
  const achievement = presentAchievement(
    config,
    {
      id: certificate.courseId,
      title: certificate.courseName,
      description: course?.description ?? null,
      // What this certificate was issued for: a score means the final check was required and passed.
      requirements: { finalQuiz: certificate.quizScore !== null && certificate.quizScore !== undefined, assignments: certificate.completedAssignments ?? 0 },
    },
    `${config.publicUrl}/certificate/${certificate.certificateNumber}#achievement`,
  );
  // The final quiz's score the Open Badges 3.0 way (issue 36): the achievement describes the
  // result (a percent, the pass mark as the value required), the subject carries its value. The
  // CPD hours (issue 59) the same way: the achievement's credit hours, the subject's credits
  // earned, and a result of hours (and one of CEUs) beside the score.
  const quizScore = certificate.quizScore === null || certificate.quizScore === undefined ? null : Number(certificate.quizScore);
  const { cpdHours, ceus } = cpdOf(certificate);
  const resultBase =
    certificate.courseId === null ? `${config.publicUrl}/certificate/${certificate.certificateNumber}` : achievementId(config, certificate.courseId);
  const descriptions: ResultDescriptionDto[] = [];
  const results: ResultDto[] = [];
  const addResult = (fragment: string, description: Pick<ResultDescriptionDto, 'name' | 'resultType' | 'requiredValue'>, value: number) => {
    const id = `${resultBase}#${fragment}`;
    descriptions.push({ id, type: ['ResultDescription'], ...description });
    results.push({ type: ['Result'], resultDescription: id, value: String(value) });
  };
  if (quizScore !== null) {
    addResult(
      'final-quiz-score',
      { name: 'Final quiz score', resultType: 'Percent', ...(course?.passMark == null ? {} : { requiredValue: String(Number(course.passMark)) }) },
      quizScore,
    );
  }
  if (cpdHours !== undefined) {
    achievement.creditsAvailable = cpdHours;
    addResult('cpd-hours', { name: 'CPD hours', resultType: 'ext:CpdHours' }, cpdHours);
  }
  if (ceus !== undefined) addResult('ceus', { name: 'Continuing education units (CEUs)', resultType: 'ext:ContinuingEducationUnits' }, ceus);
  if (descriptions.length) achievement.resultDescription = descriptions;
  const credential: OpenBadgeCredentialDto = {
    '@context': [VC_CONTEXT, OB_CONTEXT],
    id: identity.credentialId,
    type: ['VerifiableCredential', 'OpenBadgeCredential'],
    name: certificate.courseName,
    issuer: presentIssuerProfile(config),
    validFrom: wholeSeconds(completedAt),
    awardedDate: wholeSeconds(Number(certificate.issuedAt)),
    ...(validUntil === null ? {} : { validUntil: wholeSeconds(validUntil) }),
    credentialSubject: {
      id: identity.subjectId,
      type: ['AchievementSubject'],
      identifier,
      achievement,
      ...(cpdHours === undefined ? {} : { creditsEarned: cpdHours }),
      ...(results.length ? { result: results } : {}),
    },
    credentialStatus: { id: revocationListId(config), type: '1EdTechRevocationList' },
    credentialSchema: [{ id: OB_SCHEMA, type: '1EdTechJsonSchemaValidator2019' }],
  };
  return {
    ...credential,
    iss: credential.issuer.id,
    jti: credential.id,
    sub: identity.subjectId,
    nbf: Math.floor(completedAt / 1000),
    ...(validUntil === null ? {} : { exp: Math.floor(validUntil / 1000) }),
  };
}
