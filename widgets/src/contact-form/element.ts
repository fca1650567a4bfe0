import { createElement } from 'react';
import { defineWidget } from '../define.ts';
import { ContactForm } from './ContactForm.tsx';

/**
 * <atrium-contact-form [api-base]>: the landing-page form on another site, so its messages are
 * stored as coming from the website contact form ('landing'); the support chat sends 'widget'.
 */
defineWidget({
  tag: 'atrium-contact-form',
  attributes: { apiBase: 'string' },
  render: (_attributes, { apiBase, emit }) =>
    createElement(ContactForm, {
      apiBase,
      source: 'landing',
      onSubmitted: ({ message }) => emit('submitted', { status: 'sent', message }),
      onFailed: ({ message }) => emit('failed', { status: 'failed', message }),
    }),
});
