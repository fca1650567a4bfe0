// Moved to server/src/seed/demoLearner.ts (db/ imports nothing above it). Kept only for the
// imports in routes/** (demo/index.ts, demo.test.ts), which the route helpers own: delete once
// they import from seed/.
export { DEMO_LEARNER, seedDemoLearner } from '../seed/demoLearner.ts';
