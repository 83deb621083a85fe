package ratelimit

import "testing"

func TestAddressKeyNormalises(t *testing.T) {
	cases := []struct{ in, want string }{
		{"192.0.2.10", "192.0.2.10"},
		{" 192.0.2.10 ", "192.0.2.10"},
		{"::ffff:192.0.2.10", "192.0.2.10"},
		{"2001:db8:aa:bb::1", "2001:db8:aa:bb::/64"},
		{"2001:db8:aa:bb:ffff:1:2:3", "2001:db8:aa:bb::/64"},
		{"2001:DB8:AA:BB::1", "2001:db8:aa:bb::/64"},
		{"fe80::1%eth0", "fe80::/64"},
		{"", ""},
		{"not-an-address", "not-an-address"},
	}
	for _, c := range cases {
		if got := AddressKey(c.in); got.id != c.want || got.Scope() != ScopeAddress {
			t.Errorf("AddressKey(%q) = %+v, want %q", c.in, got, c.want)
		}
	}
	if AddressKey("192.0.2.10") == AddressKey("192.0.2.11") {
		t.Error("two IPv4 addresses share a key")
	}
	if AddressKey("2001:db8:aa:bc::1") == AddressKey("2001:db8:aa:bb::1") {
		t.Error("two /64s share a key")
	}
}

func TestNameKeysNormalise(t *testing.T) {
	for _, k := range []Key{AccountKey(" Demo.Client\t"), CodeKey("DEMO.client"), CodeSendKey(" demo.CLIENT")} {
		if k.id != "demo.client" {
			t.Errorf("%+v not normalised", k)
		}
	}
	if AccountKey("x").Scope() != ScopeAccount || CodeKey("x").Scope() != ScopeCode || CodeSendKey("x").Scope() != ScopeCodeSend {
		t.Error("wrong scopes")
	}
	if AccountKey("x") == CodeKey("x") {
		t.Error("scopes do not separate keys")
	}
}
