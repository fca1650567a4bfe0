export * from './api/users.ts';
export * from './api/courses.ts';
export * from './api/community.ts';
export * from './schemas/common.ts';
export * from './schemas/auth.ts';
export * from './schemas/catalogue.ts';
export * from './rules/vimeo.ts';
export * from './rules/format.ts';
