import { media, theme } from './theme.ts';

/**
 * A table read as stacked rows on phones: each row a block, each cell on its own line under the
 * label its `data-label` attribute gives (the column heading), so nothing scrolls the page
 * sideways. Cells without a label (actions) show no heading. Plain CSS, for any styled table.
 */
export const stackedTableOnPhones = `
  ${media.phoneOnly} {
    min-width: 0;
    &, & > thead, & > tbody, & > tbody > tr, & > tbody > tr > th, & > tbody > tr > td {
      display: block;
      width: auto;
      min-width: 0;
    }
    & > thead {
      position: absolute;
      width: 1px;
      height: 1px;
      overflow: hidden;
      clip-path: inset(50%);
      white-space: nowrap;
    }
    & > tbody > tr {
      padding: ${theme.space.xs} 0;
      border-bottom: 1px solid ${theme.colors.border};
    }
    & > tbody > tr > th, & > tbody > tr > td {
      border: 0;
      padding: ${theme.space.xxs} 0;
      overflow-wrap: anywhere;
    }
    & > tbody > tr > td[data-label]::before {
      content: attr(data-label);
      display: block;
      color: ${theme.colors.textMuted};
      font-size: ${theme.fontSize.xs};
      font-weight: 600;
    }
  }
`;
