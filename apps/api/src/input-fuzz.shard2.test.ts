/** Input fuzzing, part 2 of 2 (the suite and what it checks: test/input-fuzz.ts). */
import { describeInputFuzz } from './test/input-fuzz.ts';

describeInputFuzz(1);
