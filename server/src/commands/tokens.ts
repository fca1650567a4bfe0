// Moved to services/tokens.ts (services/signIn needs it, and services import no commands). Kept
// for the route tests that still import it from here; the lead removes it once they import the service.
export { hashToken, newToken } from '../services/tokens.ts';
