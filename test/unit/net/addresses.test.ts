/**
 * Address classes of the outbound-request policy (src/net/addresses.ts) for the IPv6
 * special-purpose ranges that are not globally reachable (IANA's registry); the common
 * cases are covered with the policy in test/integration/service/outbound-policy.test.ts.
 */
import { strict as assert } from 'node:assert';
import { classifyAddress } from '../../../src/net/addresses';

describe('net: address classes of special-purpose IPv6 ranges', () => {
  it('local-use NAT64 64:ff9b:1::/48 (RFC 8215) is non-public, whatever IPv4 it embeds', () => {
    for (const ip of [
      '64:ff9b:1::a9fe:a9fe', // 169.254.169.254 in the /96 layout
      '64:ff9b:1:a9fe:a9:fe00::', // 169.254.169.254 in the /48 layout (RFC 6052: u-octet skipped)
      '64:ff9b:1::808:808', // even a public IPv4: the translator is inside some network
      '64:ff9b:1:ffff:ffff:ffff:ffff:ffff',
    ])
      assert.equal(classifyAddress(ip), 'non-public', ip);
    // The well-known prefix next to it is still judged by its IPv4.
    assert.equal(classifyAddress('64:ff9b::808:808'), 'public');
    assert.equal(classifyAddress('64:ff9b:2::808:808'), 'public');
  });

  it('benchmarking, the new documentation prefix and SRv6 SIDs are non-public', () => {
    for (const ip of ['2001:2::1', '3fff::1', '3fff:fff:ffff::1', '5f00::1']) assert.equal(classifyAddress(ip), 'non-public', ip);
    assert.equal(classifyAddress('2001:4860:4860::8888'), 'public');
  });
});
