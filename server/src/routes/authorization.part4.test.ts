import { describeAuthorizationMatrix } from '../test/authorizationMatrix.ts';

// Part 4 of the authorization matrix (server/src/test/authorizationMatrix.ts holds the table).
describeAuthorizationMatrix(3, 4);
