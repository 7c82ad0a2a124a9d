// The long-poll gate (src/service/http/longPolls.ts): a key's cap is the option or its share of the
// connection cap, whichever is smaller; one held answer per socket; another request on the
// socket answers the held one and frees its place.
import { strict as assert } from 'node:assert';
import { LongPolls } from '../../../../src/service/http/longPolls';

const socket = (): object => ({});
/** Each socket has just the one request in flight (connections.ts counts them on Node). */
const oneInFlight = (): number => 1;

describe('local service: the long-poll gate', () => {
  it('caps held answers per key at the option or a quarter of the connections, whichever is smaller', () => {
    assert.equal(new LongPolls(16, 1024, oneInFlight).capPerKey, 16);
    assert.equal(new LongPolls(16, 12, oneInFlight).capPerKey, 3);
    assert.equal(new LongPolls(16, 2, oneInFlight).capPerKey, 1, 'at least one');
    const gate = new LongPolls(2, 1024, oneInFlight);
    const a1 = gate.hold('a', socket());
    const a2 = gate.hold('a', socket());
    assert.ok(a1 && a2);
    assert.equal(gate.hold('a', socket()), undefined, 'the third of key a is answered at once');
    assert.ok(gate.hold('b', socket()), 'key b has places of its own');
    a1.end();
    a1.end();
    assert.ok(gate.hold('a', socket()), 'an ended hold gives its place back, once');
    assert.equal(gate.hold('a', socket()), undefined);
  });

  it('one held answer per socket; another request on it answers the held one and frees its place', () => {
    const gate = new LongPolls(4, 1024, oneInFlight);
    const s = socket();
    const held = gate.hold('a', s);
    assert.ok(held);
    assert.equal(gate.hold('a', s), undefined, 'a second long-poll on the socket is answered at once');
    gate.onRequest(socket());
    assert.equal(held.signal.aborted, false, 'a request on another socket changes nothing');
    gate.onRequest(s);
    assert.equal(held.signal.aborted, true, 'the held answer must go out now');
    assert.ok(gate.hold('a', s), 'the socket may hold the next one');
  });
});
