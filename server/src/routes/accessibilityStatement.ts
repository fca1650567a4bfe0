import type { AccessibilityStatementDto } from '@atrium/common';
import type { AppContext } from '../context.ts';
import { presentAccessibilityStatement } from '../presenters/accessibility.ts';
import { accessibilitySettings } from '../queries/accessibility.ts';
import { captionedModuleIds } from '../queries/captions.ts';

/** The statement as `GET /api/accessibility` answers it (also the answer to the admin's save). */
export async function accessibilityStatement(ctx: AppContext): Promise<AccessibilityStatementDto> {
  const { db, catalogue, config } = ctx.deps;
  const [row, loaded, captioned] = await Promise.all([accessibilitySettings(db), catalogue.get(), captionedModuleIds(db)]);
  return presentAccessibilityStatement(config, row, loaded, captioned);
}
