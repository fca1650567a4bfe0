// Moved to server/src/seed/ (db/ imports nothing above it). Kept only for the imports in
// routes/** (admins.test.ts, demo.test.ts), which the route helpers own: delete once they import
// from seed/.
export { ensureAdmin } from '../seed/admin.ts';
export { DEMO_CATALOGUE, seedDemoCatalogue } from '../seed/demoCatalogue.ts';
