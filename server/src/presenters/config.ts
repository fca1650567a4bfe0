import type { PublicConfigDto } from '@atrium/common';
import type { Config } from '../config.ts';

/** What the portal and the widgets may know about this installation before anyone signs in. */
export function presentPublicConfig(config: Config, ssoStart: boolean): PublicConfigDto {
  return {
    brandName: config.brandName,
    directorName: config.directorName,
    supportEmail: config.supportEmail,
    stripePublishableKey: config.stripe?.publishableKey ?? null,
    publicUrl: config.publicUrl,
    signInProviders: config.signInProviders.map((provider) => provider.provider),
    ssoStart,
  };
}
