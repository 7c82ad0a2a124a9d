/**
 * Fuzzing the incremental re-anchoring (core/loc/anchoring.ts): random edits of a generated
 * report — typing anywhere, retyped values and keys, components inserted and removed, several
 * changes per event, undo — each followed incrementally from the previous step and compared
 * with anchoring afresh on the new text, for 422 entries and render notes; and following
 * resolves (on the larger report, with the fixed seed) less than half of what anchoring afresh
 * each time would. Seeded: FUZZ_SEED replays; `npm run fuzz` picks a fresh seed.
 * (test/unit/core/loc/anchoring.test.ts covers the edit kinds one by one.)
 */
import assert from 'node:assert/strict';
import { checkIncrementalAgainstFull, EDIT_KINDS, reportSubjects, SEVERAL_COLLECTED } from './anchoringEdits';
import { fuzzSeed, fuzzWholeWay, Rng, unreached } from '../../../helpers/fuzz/fuzzKit';

const seed = fuzzSeed();
const WHOLE_WAY = fuzzWholeWay();
/**
 * Edits per generated report: the fixed-seed run in `npm test` takes a sample, enough for every
 * kind of edit on each report (asserted); `npm run fuzz` (a fresh seed) or a replay (FUZZ_SEED)
 * goes the whole way.
 */
const EDITS = WHOLE_WAY ? 300 : 60;

describe('hardening: fuzzing incremental re-anchoring against anchoring afresh', function () {
  this.timeout(300_000);
  before(() => console.log(`      fuzz seed ${seed} (FUZZ_SEED=${seed} replays it)`));

  it(`follows ${2 * EDITS} random edits of two generated reports exactly as a fresh anchoring would${WHOLE_WAY ? '' : ', resolving less than half again on the larger'}`, () => {
    const rng = new Rng(seed);
    for (const size of [40, 200]) {
      for (const subject of reportSubjects(rng, size, Math.ceil(size / 4))) {
        const { resolved, total, fellBack, kinds } = checkIncrementalAgainstFull(rng, subject, EDITS);
        const what = `${size} components, ${subject.name}`;
        console.log(`      ${what}: ${resolved} of ${total} resolved again, ${fellBack} edits anchored afresh`);
        // On a report of some size most edits lie away from most inputs (the small one's 12 notes
        // are half of it). A bound for the fixed seed: a random one's 300 edits come near half.
        if (size >= 200 && !WHOLE_WAY) assert.ok(resolved < total / 2, `${what}: ${resolved} of ${total} resolved again (seed ${seed})`);
        // A random seed's whole run makes every kind many times over; the sample must still make each.
        assert.deepEqual(
          unreached(kinds, [...EDIT_KINDS, SEVERAL_COLLECTED]),
          [],
          `${what}: kinds of edit ${EDITS} edits of seed ${seed} do not make`,
        );
      }
    }
  });
});
