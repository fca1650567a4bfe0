import { describe, expect, it } from 'vitest';
import { courseRequirements, remainingSentence, stepPositionLabel, type RequirementStep } from './courseRequirements.ts';

const video = (isCompleted: boolean): RequirementStep => ({ kind: 'video', isCompleted });
const quiz = (isCompleted: boolean, requiredForCertificate = true): RequirementStep => ({ kind: 'quiz', isCompleted, requiredForCertificate });
const assignment = (status: Extract<RequirementStep, { kind: 'assignment' }>['status'], approvalRequired = true): RequirementStep => ({
  kind: 'assignment',
  isCompleted: status === 'approved' || (status === 'submitted' && !approvalRequired),
  status,
  approvalRequired,
});

describe('courseRequirements and remainingSentence', () => {
  it('after passing the quiz with only the review left: the assignment is waiting for review, never "finish the remaining modules"', () => {
    const left = courseRequirements([video(true), video(true), video(true), video(true), video(true), quiz(true), assignment('submitted')]);
    expect(left).toMatchObject({ modulesLeft: 0, quizzesToPass: 0, assignmentsAwaitingReview: 1, done: false });
    expect(remainingSentence(left)).toBe('Your assignment is waiting for review: your certificate comes once it is approved.');
    expect(remainingSentence(left)).not.toMatch(/module/i);
  });

  it('names each kind of step left, with counts', () => {
    expect(remainingSentence(courseRequirements([video(false), video(false), video(true), quiz(false), assignment('not_started')]))).toBe(
      'To get your certificate, finish the 2 modules left, pass the final knowledge check and submit the assignment.',
    );
    expect(remainingSentence(courseRequirements([video(false), quiz(true)]))).toBe('To get your certificate, finish the last module.');
    expect(remainingSentence(courseRequirements([video(true), assignment('draft'), assignment('not_started')]))).toBe(
      'To get your certificate, submit 2 assignments.',
    );
  });

  it('changes requested: send it again; other things left and a review pending are both said', () => {
    expect(remainingSentence(courseRequirements([video(true), assignment('changes_requested')]))).toBe(
      'To get your certificate, make the changes the reviewer asked for and send your assignment again.',
    );
    expect(remainingSentence(courseRequirements([video(false), assignment('submitted')]))).toBe(
      'To get your certificate, finish the last module. Your assignment is waiting for review.',
    );
  });

  it('a knowledge check the certificate does not need is not asked for; an assignment sent without approval is done', () => {
    const left = courseRequirements([video(true), quiz(false, false), assignment('submitted', false)]);
    expect(left.done).toBe(true);
    expect(remainingSentence(left)).toBe('');
  });
});

describe('stepPositionLabel', () => {
  it('a quiz and an assignment are steps, not modules', () => {
    const steps = [video(true), video(true), video(true), video(true), video(true), quiz(true), assignment('submitted')];
    expect(stepPositionLabel(steps, 5)).toBe('Step 6 of 7');
    expect(stepPositionLabel(steps, 6)).toBe('Step 7 of 7');
    expect(stepPositionLabel(steps, 0)).toBe('Step 1 of 7');
  });
  it('a course of videos only counts modules', () => {
    expect(stepPositionLabel([video(true), video(false), video(false)], 1)).toBe('Module 2 of 3');
  });
});
