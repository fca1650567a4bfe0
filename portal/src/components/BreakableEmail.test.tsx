import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { BreakableEmail } from './BreakableEmail.tsx';

describe('BreakableEmail', () => {
  it('reads as the address and may break only before "@" and each dot', () => {
    const { container } = render(
      <p>
        <BreakableEmail email="head.teacher@oak.sch.uk" />
      </p>,
    );
    expect(container.textContent).toBe('head.teacher@oak.sch.uk');
    expect(container.querySelector('p')!.innerHTML).toBe('head<wbr>.teacher<wbr>@oak<wbr>.sch<wbr>.uk');
  });
});
