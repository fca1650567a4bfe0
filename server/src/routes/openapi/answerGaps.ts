/**
 * The routes that do not declare their success answer yet (`answer` in routes.add): the API
 * reference describes their answer in words only, and the drift test cannot hold them to a
 * schema. openapi.test.ts keeps this list exact, so it only ever shrinks: a new route must
 * declare its answer, and a route that comes to declare one must leave the list. To take one
 * off: give its answer a zod schema in common/src/api (the DTO type inferred from it), declare
 * `answer` on the route, add a case to drift.test.ts, and delete its line here.
 */
export const ROUTES_WITHOUT_ANSWER_SCHEMA: readonly string[] = [];
