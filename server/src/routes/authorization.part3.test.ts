import { describeAuthorizationMatrix } from '../test/authorizationMatrix.ts';

// Part 3 of the authorization matrix (server/src/test/authorizationMatrix.ts holds the table).
describeAuthorizationMatrix(2, 4);
