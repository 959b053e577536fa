import { describe, expectTypeOf, it } from 'vitest';
import type { FailureOf, PlatformFailure } from '../core/platform/failures.js';
import type {
  ConnectionError,
  ConsoleError,
  ConsoleTimeoutError,
  ExperimentNotFoundError,
  InvalidRequestError,
  StatusConflictError,
  ValidationError,
} from './errors.js';

describe("the console's errors", () => {
  it("are the platform failures the domain's port names", () => {
    expectTypeOf<StatusConflictError>().toExtend<FailureOf<'status_conflict'>>();
    expectTypeOf<ExperimentNotFoundError>().toExtend<FailureOf<'not_found'>>();
    expectTypeOf<ConsoleTimeoutError>().toExtend<FailureOf<'timeout'>>();
    expectTypeOf<ConnectionError>().toExtend<FailureOf<'connection'>>();
    expectTypeOf<InvalidRequestError>().toExtend<FailureOf<'invalid_request'>>();
    expectTypeOf<ValidationError>().toExtend<FailureOf<'validation'>>();
    expectTypeOf<ConsoleError['kind']>().toEqualTypeOf<PlatformFailure['kind']>();
  });
});
