/**
 * An error answered in RFC 7644's shape (section 3.12): `{schemas, status, scimType?, detail}`.
 * `refusal` names the school and address a refused change was about, so the sync log records it
 * once the transaction that refused it has rolled back.
 */
export class ScimError extends Error {
  refusal?: { schoolId: number; email: string };

  constructor(
    readonly status: number,
    readonly scimType: ScimType | null,
    detail: string,
  ) {
    super(detail);
    this.name = 'ScimError';
  }

  /** Records the refusal in the school's sync log (see routes/scim/errors.ts). */
  about(schoolId: number, email: string): this {
    this.refusal = { schoolId, email };
    return this;
  }

  static invalidValue = (detail: string) => new ScimError(400, 'invalidValue', detail);
  static invalidFilter = (detail: string) => new ScimError(400, 'invalidFilter', detail);
  static invalidSyntax = (detail: string) => new ScimError(400, 'invalidSyntax', detail);
  static invalidPath = (detail: string) => new ScimError(400, 'invalidPath', detail);
  static noTarget = (detail: string) => new ScimError(400, 'noTarget', detail);
  static mutability = (detail: string) => new ScimError(400, 'mutability', detail);
  static uniqueness = (detail: string) => new ScimError(409, 'uniqueness', detail);
  static forbidden = (detail: string) => new ScimError(403, null, detail);
  static notFound = (detail = 'No such resource for this token.') => new ScimError(404, null, detail);
  static unauthorized = (detail = 'Send a valid directory sync token as "Authorization: Bearer <token>".') => new ScimError(401, null, detail);
}

export type ScimType = 'invalidValue' | 'invalidFilter' | 'invalidSyntax' | 'invalidPath' | 'noTarget' | 'mutability' | 'uniqueness' | 'tooMany';
