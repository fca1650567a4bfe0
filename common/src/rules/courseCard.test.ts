import { describe, expect, it } from 'vitest';
import { courseIcon, dashboardCardMedia, enrolledCourseAction, isKnownCourseTitle, landingCardMedia, moduleCountLabel, modulesPhrase } from './courseCard.ts';

describe('courseIcon', () => {
  it('picks the icon by keyword, case-insensitively', () => {
    expect(courseIcon('PHOTOGRAPHY basics')).toBe('photo');
    expect(courseIcon('Editing Video on a budget')).toBe('video');
    expect(courseIcon('Our podcast studio')).toBe('podcast');
  });

  it('checks photo before video before podcast', () => {
    expect(courseIcon('Photo and video')).toBe('photo');
    expect(courseIcon('Video podcasts')).toBe('video');
  });

  it('falls back to a book', () => {
    expect(courseIcon('Governance for trustees')).toBe('book');
    expect(courseIcon('')).toBe('book');
  });
});

describe('isKnownCourseTitle', () => {
  it('matches the four known courses inside longer titles, in any case', () => {
    expect(isKnownCourseTitle('Smartphone Photography for School Marketing')).toBe(true);
    expect(isKnownCourseTitle('CREATING VIDEOS FOR SCHOOL MARKETING')).toBe(true);
    expect(isKnownCourseTitle('Running a School Podcast (2025 edition)')).toBe(true);
    expect(isKnownCourseTitle('Marketing Photos Without Identifying Children')).toBe(true);
  });

  it('rejects near misses', () => {
    expect(isKnownCourseTitle('Smartphone photos')).toBe(false);
    expect(isKnownCourseTitle('Running a podcast')).toBe(false);
  });
});

describe('landingCardMedia', () => {
  it('shows the preview video only for a known title with a video', () => {
    expect(landingCardMedia({ title: 'Running a School Podcast', salesVideoId: '123' })).toEqual({ kind: 'video', videoId: '123' });
  });

  it('uses the keyword icon for an unknown title even when it has a video', () => {
    expect(landingCardMedia({ title: 'Podcasting for governors', salesVideoId: '123' })).toEqual({ kind: 'icon', icon: 'podcast' });
  });

  it('uses the icon for a known title without a video', () => {
    expect(landingCardMedia({ title: 'Smartphone Photography for School Marketing', salesVideoId: null })).toEqual({
      kind: 'icon',
      icon: 'photo',
    });
    expect(landingCardMedia({ title: 'Creating Videos for School Marketing', salesVideoId: '  ' })).toEqual({ kind: 'icon', icon: 'video' });
  });

  it('falls back to the book icon', () => {
    expect(landingCardMedia({ title: 'Safeguarding essentials' })).toEqual({ kind: 'icon', icon: 'book' });
  });
});

describe('dashboardCardMedia', () => {
  it('prefers the preview video, then the thumbnail, then the icon', () => {
    expect(dashboardCardMedia({ title: 'Anything', salesVideoId: '9', thumbnail: '/a.png' })).toEqual({ kind: 'video', videoId: '9' });
    expect(dashboardCardMedia({ title: 'Anything', salesVideoId: null, thumbnail: '/a.png' })).toEqual({ kind: 'thumbnail', src: '/a.png' });
    expect(dashboardCardMedia({ title: 'Video basics', salesVideoId: null, thumbnail: null })).toEqual({ kind: 'icon', icon: 'video' });
  });
});

describe('module counts', () => {
  it('says Multiple when totalModules is absent', () => {
    expect(moduleCountLabel(undefined)).toBe('Multiple');
    expect(moduleCountLabel(null)).toBe('Multiple');
    expect(modulesPhrase(undefined)).toBe('Multiple modules');
  });

  it('shows the number when present, with the right plural', () => {
    expect(moduleCountLabel(0)).toBe('0');
    expect(modulesPhrase(7)).toBe('7 modules');
    expect(modulesPhrase(1)).toBe('1 module');
  });
});

describe('enrolledCourseAction', () => {
  it('is Start Course at 0 % and Continue Learning after', () => {
    expect(enrolledCourseAction(0)).toBe('Start Course');
    expect(enrolledCourseAction(1)).toBe('Continue Learning');
    expect(enrolledCourseAction(100)).toBe('Continue Learning');
  });
});
