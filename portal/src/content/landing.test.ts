import { describe, expect, it } from 'vitest';
import { DISCOUNT_ANSWER, INVOICE_ANSWER } from '@atrium/common/rules/orders';
import { landingContent, withBrand } from './landing.ts';

describe('landing FAQ and support bot', () => {
  // The support bot answers invoice questions with INVOICE_ANSWER (widgets' botReplies test).
  it('pricing answer ends with the words the bot uses for invoices', () => {
    const pricing = landingContent.faq.items.find((item) => item.topic === 'pricing');
    expect(pricing?.answer.endsWith(INVOICE_ANSWER)).toBe(true);
    expect(pricing?.answer).toMatch(/purchase order number/);
  });

  // Issue 34 #4: true now that an admin can agree a discount on an invoice order before issuing it.
  it('tells a trust or several schools they can agree a discount by invoice', () => {
    const pricing = landingContent.faq.items.find((item) => item.topic === 'pricing');
    expect(pricing?.answer).toContain(`${DISCOUNT_ANSWER} ${INVOICE_ANSWER}`);
    expect(DISCOUNT_ANSWER).toMatch(/several schools or a trust.*invoice.*discount/);
  });

  it("keeps SPEC's ten questions", () => {
    expect(landingContent.faq.items).toHaveLength(10);
  });
});

describe('withBrand', () => {
  // Issue 50.2: the brand is written as it is; `$&`, `$``, `$'` and `$$` are not replacement patterns.
  it('writes a brand holding replacement patterns as it is', () => {
    const brand = "Atrium $& $` $' $$ Marketing";
    expect(withBrand('Talk to {brand} today: {brand} answers.', brand)).toBe(`Talk to ${brand} today: ${brand} answers.`);
    expect(withBrand('Talk to {brand}', undefined)).toBe('Talk to us');
  });
});

describe('landing FAQ: what earns the certificate (issue 53)', () => {
  it('names the knowledge checks and assignments a course may set beside its modules', () => {
    const certificates = landingContent.faq.items.find((item) => item.topic === 'certificates');
    expect(certificates?.answer).not.toMatch(/Completing every module of a course issues/);
    expect(certificates?.answer).toMatch(/each module, and any knowledge check to pass and assignment to send/);
  });
});
