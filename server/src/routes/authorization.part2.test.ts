import { describeAuthorizationMatrix } from '../test/authorizationMatrix.ts';

// Part 2 of the authorization matrix (server/src/test/authorizationMatrix.ts holds the table).
describeAuthorizationMatrix(1, 4);
