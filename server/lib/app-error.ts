import { errorCodes, type ErrorCode } from '../../common/contracts/errors.ts';

/** The one error type services throw; the error handler turns it into `{ code, message }` with its status. */
export class AppError extends Error {
  readonly code: ErrorCode;
  readonly status: number;
  constructor(code: ErrorCode, message: string) {
    super(message);
    this.code = code;
    this.status = errorCodes[code];
  }
}
