import { describe, expect, it } from "vitest";
import { addressKey } from "./client-address.ts";

describe("addressKey", () => {
  it("keeps an IPv4 address as it is: carrier NAT hides the shoppers behind it", () => {
    expect(addressKey("203.0.113.7")).toBe("203.0.113.7");
    expect(addressKey(" 10.0.0.1 ")).toBe("10.0.0.1");
    expect(addressKey("203.0.113.8")).not.toBe(addressKey("203.0.113.7"));
  });

  it("reads an IPv4-mapped IPv6 address as its IPv4 address, dotted or in hex", () => {
    expect(addressKey("::ffff:203.0.113.7")).toBe("203.0.113.7");
    expect(addressKey("::FFFF:203.0.113.7")).toBe("203.0.113.7");
    expect(addressKey("0:0:0:0:0:ffff:cb00:7107")).toBe("203.0.113.7");
    expect(addressKey("::ffff:cb00:7107")).toBe("203.0.113.7");
  });

  it("keys an IPv6 address by its /64 prefix: one subscriber picks any address inside it", () => {
    const a = addressKey("2401:4900:1c2a:8e51:b4f2:3c11:9a0e:12d4");
    expect(a).toBe("2401:4900:1c2a:8e51::/64");
    expect(addressKey("2401:4900:1c2a:8e51::1")).toBe(a);
    expect(addressKey("2401:4900:1C2A:8E51:ffff:ffff:ffff:ffff")).toBe(a);
    expect(addressKey("2401:4900:1c2a:8e52::1")).toBe("2401:4900:1c2a:8e52::/64");
  });

  it("writes the prefix one way however the address was written", () => {
    expect(addressKey("2001:0db8:0000:0001:0000:0000:0000:0001")).toBe("2001:db8:0:1::/64");
    expect(addressKey("2001:db8:0:1::")).toBe("2001:db8:0:1::/64");
    expect(addressKey("2001:db8::1")).toBe("2001:db8:0:0::/64");
    expect(addressKey("::1")).toBe("0:0:0:0::/64");
    expect(addressKey("[2001:db8:0:1::5]")).toBe("2001:db8:0:1::/64");
    expect(addressKey("fe80::1%eth0")).toBe("fe80:0:0:0::/64");
    // An IPv4 tail on an address that is not IPv4-mapped is part of an IPv6 address.
    expect(addressKey("64:ff9b::192.0.2.1")).toBe("64:ff9b:0:0::/64");
  });

  it("leaves what is not an address unchanged, so it still counts under one key", () => {
    for (const odd of ["unknown", "", "1.2.3", "1.2.3.256", "2001:db8::1::2", "1:2:3:4:5:6:7:8:9", "::ffff:1.2.3.999", "12345::1", "g::1"]) {
      expect(addressKey(odd)).toBe(odd);
    }
  });
});
