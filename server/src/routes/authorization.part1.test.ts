import { describeAuthorizationMatrix } from '../test/authorizationMatrix.ts';

// Part 1 of the authorization matrix (server/src/test/authorizationMatrix.ts holds the table).
describeAuthorizationMatrix(0, 4);
