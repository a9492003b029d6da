/**
 * Input fuzzing, part 1 of 2 (the suite and what it checks: test/input-fuzz.ts), with the check
 * that every route taking input has a case and the two inputs that once made a 500.
 */
import { describeInputFuzz } from './test/input-fuzz.ts';

describeInputFuzz(0);
