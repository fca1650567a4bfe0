import 'styled-components';
import type { Theme } from '@atrium/common/ui/theme';

declare module 'styled-components' {
  // The shared design tokens are the styled-components theme everywhere in the portal.
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  export interface DefaultTheme extends Theme {}
}
