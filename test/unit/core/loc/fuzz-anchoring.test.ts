/**
 * Fuzzing the incremental re-anchoring (core/loc/anchoring.ts): random edits of a generated
 * report — typing anywhere, retyped values and keys, components inserted and removed, several
 * changes per event, undo — each followed incrementally from the previous step and compared
 * with anchoring afresh on the new text, for 422 entries and render notes. Seeded: FUZZ_SEED
 * replays; `npm run fuzz` picks a fresh seed.
 */
import { checkIncrementalAgainstFull, reportSubjects } from './anchoringEdits';
import { fuzzSeed, fuzzWholeWay, Rng } from '../../../helpers/fuzz/fuzzKit';

const seed = fuzzSeed();
/**
 * Edits per generated report: the fixed-seed run in `npm test` takes a sample (the unit stage has
 * a time budget, and test/unit/core/loc/anchoring.test.ts covers the edit kinds one by one); `npm run
 * fuzz` (a fresh seed) or a replay (FUZZ_SEED) goes the whole way.
 */
const EDITS = fuzzWholeWay() ? 300 : 60;

describe('hardening: fuzzing incremental re-anchoring against anchoring afresh', function () {
  this.timeout(300_000);
  before(() => console.log(`      fuzz seed ${seed} (FUZZ_SEED=${seed} replays it)`));

  it(`follows ${2 * EDITS} random edits of two generated reports exactly as a fresh anchoring would`, () => {
    const rng = new Rng(seed);
    for (const size of [40, 200]) {
      for (const subject of reportSubjects(rng, size, Math.ceil(size / 4))) {
        const { resolved, total, fellBack } = checkIncrementalAgainstFull(rng, subject, EDITS);
        console.log(`      ${size} components, ${subject.name}: ${resolved} of ${total} resolved again, ${fellBack} edits anchored afresh`);
      }
    }
  });
});
