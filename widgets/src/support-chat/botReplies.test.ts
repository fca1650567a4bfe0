import { describe, expect, it } from 'vitest';
import { INVOICE_ANSWER } from '@atrium/common/rules/orders';
import { botReply, REPLIES } from './botReplies.ts';

describe('botReply', () => {
  it.each([
    ['What is the price?', REPLIES.pricing],
    ['How much does it COST for our school', REPLIES.pricing],
    ['Which courses do you have?', REPLIES.courses],
    ['Do you offer staff training', REPLIES.courses],
    ['I need support', REPLIES.support],
    ['help!', REPLIES.support],
    ['A technical question about video playback', REPLIES.support],
    ['Hello there', REPLIES.fallback],
  ])('answers %j with the right script', (message, reply) => {
    expect(botReply(message)).toBe(reply);
  });

  it.each(['Can we pay for the course by invoice?', 'Do you accept a purchase order?', 'Where do I put our PO number', 'Our finance office needs a quote'])(
    "answers the invoice question %j with the FAQ's words",
    (message) => {
      expect(botReply(message)).toBe(INVOICE_ANSWER);
    },
  );

  it('checks price before course and course before support', () => {
    expect(botReply('help with the course price')).toBe(REPLIES.pricing);
    expect(botReply('help choosing a course')).toBe(REPLIES.courses);
  });

  it('states the pricing facts of SPEC §9', () => {
    expect(REPLIES.pricing).toContain('£499');
    expect(REPLIES.pricing).toMatch(/invoice/);
    expect(REPLIES.pricing).toMatch(/bulk discount/);
    expect(REPLIES.pricing).toMatch(/unlimited access/);
    expect(REPLIES.pricing).toMatch(/community discussions/);
  });

  it('points the fallback at the contact form', () => {
    expect(REPLIES.fallback).toMatch(/contact form/);
    expect(REPLIES.fallback).toContain('Send us a message');
  });
});
