import { useState } from 'react';
import styled from 'styled-components';
import type { CourseSummaryDto } from '@atrium/common';
import { DESCRIPTION_MAX, TITLE_MAX } from '@atrium/common/schemas/catalogue';
import { coursePricesFormSchema, priceListOf } from '@atrium/common/schemas/courseForm';
import { cpdHoursText, nearestQuarterHours } from '@atrium/common/rules/cpd';
import type { CourseFields } from '../../../api/adminCatalogue.ts';
import { CharacterCount } from '../../../components/CharacterCount.tsx';
import { Dialog, DialogButtons, DialogRefusal } from '../../../components/Dialog.tsx';
import { Form, TextAreaField, TextField } from '../../../components/Field.tsx';
import { useForm } from '../../../components/useForm.ts';
import { penceToPounds } from '../shared/adminInput.ts';
import { RequiresWatchingField } from './RequiresWatchingField.tsx';

export interface CourseFormViewProps {
  /** The course edited; null for a new one. */
  course: CourseSummaryDto | null;
  open: boolean;
  onOpenChange(open: boolean): void;
  saving: boolean;
  /** Why the last save was refused, when no field explains it (the server's sentence). */
  refusal: string | null;
  /**
   * Saves what the form holds (price in pence). A refusal goes first to `showOnFields` (the form's
   * showServerErrors: true when the server named fields the form has), else to `refusal`.
   */
  onSave(fields: CourseFields, showOnFields: (error: unknown) => boolean): void;
  /** Sent without a title or description: SPEC's "Missing information". */
  onMissing(): void;
}

/** New Course / edit course: price typed in pounds, sent in pence (SPEC §3, §9). */
export function CourseFormView({ course, open, onOpenChange, ...form }: CourseFormViewProps) {
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      width="wide"
      title={course ? 'Edit Course' : 'New Course'}
      description={course ? 'Change the details learners see in the catalogue.' : 'Add a course to the catalogue. Modules are added on its page afterwards.'}
    >
      {/* Keyed so reopening starts from the course's current values. */}
      {open ? <CourseForm key={course?.id ?? 'new'} course={course} {...form} /> : null}
    </Dialog>
  );
}

function CourseForm({ course, saving, refusal, onSave, onMissing }: Omit<CourseFormViewProps, 'open' | 'onOpenChange'>) {
  const [initial] = useState(() => ({
    title: course?.title ?? '',
    description: course?.description ?? '',
    price: course ? penceToPounds(course.price) : '',
    priceUsd: course?.prices?.USD !== undefined ? penceToPounds(course.prices.USD) : '',
    priceEur: course?.prices?.EUR !== undefined ? penceToPounds(course.prices.EUR) : '',
    thumbnail: course?.thumbnail ?? '',
    salesVideoId: course?.salesVideoId ?? '',
    validityMonths: course?.validityMonths ? String(course.validityMonths) : '',
    cpdHours: course?.cpdHours !== undefined ? String(course.cpdHours) : '',
    ceus: course?.ceus !== undefined ? String(course.ceus) : '',
    cpdStandards: (course?.cpdStandards ?? []).join(', '),
  }));
  const form = useForm(initial);
  const [requiresWatching, setRequiresWatching] = useState(course?.requiresWatching === true);

  const submit = form.handleSubmit(
    coursePricesFormSchema,
    (parsed) => {
      const fields: CourseFields = {
        title: parsed.title,
        description: parsed.description,
        price: parsed.price,
        thumbnail: parsed.thumbnail,
        salesVideoId: parsed.salesVideoId,
        prices: priceListOf(parsed),
        // Sent when set, or to clear one the course had.
        ...(parsed.validityMonths !== null || course?.validityMonths ? { validityMonths: parsed.validityMonths } : {}),
        // Sent when on, or to turn off the course's option.
        ...(requiresWatching || course?.requiresWatching ? { requiresWatching } : {}),
        // Sent when set, or (null, []) to clear what the course had.
        ...(parsed.cpdHours !== null || course?.cpdHours !== undefined ? { cpdHours: parsed.cpdHours } : {}),
        ...(parsed.ceus !== null || course?.ceus !== undefined ? { ceus: parsed.ceus } : {}),
        ...(parsed.cpdStandards.length || course?.cpdStandards?.length ? { cpdStandards: parsed.cpdStandards } : {}),
      };
      onSave(fields, form.showServerErrors);
    },
    {
      onInvalid: (errors) => {
        if (errors.title || errors.description) onMissing();
      },
    },
  );

  return (
    <Form onSubmit={submit} noValidate>
      <TextField label="Title" markRequired hint={<CharacterCount value={form.values.title} max={TITLE_MAX} />} {...form.field('title')} />
      <TextAreaField
        label="Description"
        markRequired
        rows={4}
        hint={<CharacterCount value={form.values.description} max={DESCRIPTION_MAX} />}
        {...form.field('description')}
      />
      <TextField
        label="Price (£)"
        inputMode="decimal"
        placeholder="499"
        hint="In pounds, e.g. 499 or 199.99. Leave empty or 0 for a free course."
        {...form.field('price')}
      />
      <PriceRow>
        <TextField
          label="Price ($, optional)"
          inputMode="decimal"
          placeholder="599"
          hint="Empty: US visitors see the pound price."
          {...form.field('priceUsd')}
        />
        <TextField
          label="Price (€, optional)"
          inputMode="decimal"
          placeholder="549"
          hint="Empty: euro visitors see the pound price."
          {...form.field('priceEur')}
        />
      </PriceRow>
      <TextField label="Thumbnail URL (optional)" type="url" placeholder="https://…" {...form.field('thumbnail')} />
      <TextField
        label="Sales video (optional)"
        hint="The Vimeo id or link of a public preview video, shown on the course card."
        {...form.field('salesVideoId')}
      />
      <TextField
        label="Certificate valid for (months, optional)"
        inputMode="numeric"
        placeholder="e.g. 24"
        hint="Leave empty if a certificate never expires. Past it, learners see Expired and their school sees Renewal due."
        {...form.field('validityMonths')}
      />
      <PriceRow>
        <TextField
          label="CPD hours (optional)"
          inputMode="decimal"
          placeholder="e.g. 1.5"
          hint={runningTimeGuide(course?.totalDuration ?? 0)}
          {...form.field('cpdHours')}
        />
        <TextField
          label="CEUs (optional)"
          inputMode="decimal"
          placeholder="e.g. 0.15"
          hint="Continuing education units, to a hundredth."
          {...form.field('ceus')}
        />
      </PriceRow>
      <TextField
        label="Standards and frameworks (optional)"
        placeholder="e.g. Teachers' Standards 8, ISTE 2.6"
        hint="Separate with commas; shown on the course page."
        {...form.field('cpdStandards')}
      />
      <RequiresWatchingField checked={requiresWatching} onChange={setRequiresWatching} />
      <DialogRefusal message={refusal} />
      <DialogButtons label={course ? 'Save Changes' : 'Create Course'} busyLabel="Saving…" busy={saving} />
    </Form>
  );
}

/** The hint under CPD hours: the modules' total running time, rounded to a quarter hour, as a guide. */
export function runningTimeGuide(seconds: number): string {
  const quarter = 'To the quarter hour; printed on certificates.';
  if (seconds <= 0) return `${quarter} No module has a running time yet.`;
  const minutes = Math.round(seconds / 60);
  const length = minutes >= 60 ? `${Math.floor(minutes / 60)} h ${minutes % 60} min` : `${minutes} min`;
  const rounded = nearestQuarterHours(seconds);
  return `${quarter} The modules run ${length} (${rounded ? `about ${cpdHoursText(rounded)}` : 'under a quarter hour'}).`;
}

const PriceRow = styled.div`
  display: grid;
  align-items: start;
  gap: ${({ theme }) => theme.space.md};

  @media (min-width: 540px) {
    grid-template-columns: 1fr 1fr;
  }
`;
