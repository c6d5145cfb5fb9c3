package dev.spendline.query.webhooks;

import java.net.Inet4Address;
import java.net.Inet6Address;
import java.net.InetAddress;
import java.net.URI;
import java.net.UnknownHostException;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;

/**
 * The SSRF guard: a webhook may only reach the public internet. The URL's host is resolved and every
 * address it resolves to is checked, when the endpoint is saved and again before each delivery (DNS can
 * change in between). Refused: loopback unless {@code allowLoopback}, private networks (RFC 1918, shared
 * address space 100.64/10, IPv6 unique local fc00::/7) unless {@code allowPrivateNetworks}, and always
 * link-local (169.254/16, fe80::/10), cloud metadata addresses (169.254.169.254, 169.254.170.2,
 * 100.100.100.200, fd00:ec2::254), the unspecified address (0.0.0.0/8, ::), multicast, broadcast and
 * reserved ranges. IPv4 addresses embedded in IPv6 (mapped, compatible, NAT64 64:ff9b::/96) are judged
 * as the IPv4 address they carry. Plain {@code http} is allowed only to loopback, and only with {@code
 * allowLoopback}.
 */
final class AddressGuard {

    /** How a host name becomes addresses; the system resolver in production, a table in tests. */
    @FunctionalInterface
    interface Resolver {
        InetAddress[] resolve(String host) throws UnknownHostException;
    }

    /** Why a URL may not be called, in words a person can act on. */
    static final class RefusedAddress extends Exception {
        private final boolean unresolved;

        RefusedAddress(String message) {
            this(message, false);
        }

        RefusedAddress(String message, boolean unresolved) {
            super(message, null, false, false);
            this.unresolved = unresolved;
        }

        /** The host did not resolve: at delivery time worth another try, unlike a refused address. */
        boolean unresolved() {
            return unresolved;
        }
    }

    private final Resolver resolver;
    private final boolean allowLoopback;
    private final boolean allowPrivateNetworks;

    AddressGuard(Resolver resolver, boolean allowLoopback, boolean allowPrivateNetworks) {
        this.resolver = resolver;
        this.allowLoopback = allowLoopback;
        this.allowPrivateNetworks = allowPrivateNetworks;
    }

    static AddressGuard system(boolean allowLoopback, boolean allowPrivateNetworks) {
        return new AddressGuard(InetAddress::getAllByName, allowLoopback, allowPrivateNetworks);
    }

    boolean allowsLoopback() {
        return allowLoopback;
    }

    /** The addresses of the URL's host, when every one of them may be called; otherwise why not. */
    List<InetAddress> check(URI url) throws RefusedAddress {
        String scheme = url.getScheme() == null ? "" : url.getScheme().toLowerCase(Locale.ROOT);
        String host = url.getHost();
        if (host == null || host.isEmpty()) {
            throw new RefusedAddress("the URL has no host");
        }
        String bare = host.startsWith("[") && host.endsWith("]") ? host.substring(1, host.length() - 1) : host;
        InetAddress[] addresses;
        try {
            addresses = resolver.resolve(bare);
        } catch (UnknownHostException e) {
            if ("http".equals(scheme)) {
                throw new RefusedAddress("plain http is allowed only to loopback; use https");
            }
            throw new RefusedAddress("the host " + host + " does not resolve", true);
        }
        if (addresses.length == 0) {
            throw new RefusedAddress("the host " + host + " does not resolve", true);
        }
        for (InetAddress address : addresses) {
            String problem = problem(address);
            if (problem != null) {
                throw new RefusedAddress(
                        "the host " + host + " resolves to " + address.getHostAddress() + ", " + problem);
            }
            if ("http".equals(scheme) && !isLoopback(address)) {
                throw new RefusedAddress("plain http is allowed only to loopback; use https");
            }
        }
        return Arrays.asList(addresses);
    }

    /** What is wrong with calling this address, or null when nothing is. */
    String problem(InetAddress address) {
        byte[] ip = embeddedIpv4(address);
        if (ip.length == 4) {
            return ipv4Problem(ip);
        }
        if (address.isAnyLocalAddress()) {
            return "the unspecified address";
        }
        if (address.isLoopbackAddress()) {
            return allowLoopback ? null : "a loopback address (the operator has not allowed loopback webhooks)";
        }
        if (isMetadataV6(ip)) {
            return "a cloud metadata address";
        }
        if (address.isLinkLocalAddress() || (ip[0] == (byte) 0xfe && (ip[1] & 0xc0) == 0xc0)) {
            return "a link-local address"; // fe80::/10, and the deprecated site-local fec0::/10
        }
        if (address.isMulticastAddress()) {
            return "a multicast address";
        }
        if ((ip[0] & 0xfe) == 0xfc) {
            return allowPrivateNetworks ? null : "a private address (the operator has not allowed private networks)";
        }
        if (ip[0] == 0x20 && ip[1] == 0x01 && ip[2] == 0x0d && ip[3] == (byte) 0xb8) {
            return "a documentation address";
        }
        return null;
    }

    private String ipv4Problem(byte[] ip) {
        int a = ip[0] & 0xff;
        int b = ip[1] & 0xff;
        int c = ip[2] & 0xff;
        int d = ip[3] & 0xff;
        if (a == 0) {
            return "the unspecified address";
        }
        if (a == 127) {
            return allowLoopback ? null : "a loopback address (the operator has not allowed loopback webhooks)";
        }
        if ((a == 169 && b == 254 && c == 169 && d == 254)
                || (a == 169 && b == 254 && c == 170 && d == 2)
                || (a == 100 && b == 100 && c == 100 && d == 200)) {
            return "a cloud metadata address";
        }
        if (a == 169 && b == 254) {
            return "a link-local address";
        }
        if (a >= 224) {
            return a < 240 ? "a multicast address" : "a reserved or broadcast address";
        }
        if (a == 10
                || (a == 172 && b >= 16 && b <= 31)
                || (a == 192 && b == 168)
                || (a == 100 && b >= 64 && b <= 127)) {
            return allowPrivateNetworks ? null : "a private address (the operator has not allowed private networks)";
        }
        if ((a == 192 && b == 0 && c == 0) || (a == 198 && (b == 18 || b == 19))) {
            return "a reserved address";
        }
        return null;
    }

    private static boolean isLoopback(InetAddress address) {
        byte[] ip = embeddedIpv4(address);
        return ip.length == 4 ? (ip[0] & 0xff) == 127 : address.isLoopbackAddress();
    }

    /** fd00:ec2::254, the IPv6 metadata address of EC2. */
    private static boolean isMetadataV6(byte[] ip) {
        byte[] metadata = {(byte) 0xfd, 0, 0x0e, (byte) 0xc2, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0x02, 0x54};
        return Arrays.equals(ip, metadata);
    }

    /**
     * The IPv4 address an IPv6 address carries (IPv4-mapped ::ffff:a.b.c.d, IPv4-compatible ::a.b.c.d,
     * NAT64 64:ff9b::a.b.c.d), or the address's own bytes.
     */
    private static byte[] embeddedIpv4(InetAddress address) {
        byte[] ip = address.getAddress();
        if (address instanceof Inet4Address || !(address instanceof Inet6Address)) {
            return ip;
        }
        boolean firstTenZero = true;
        for (int i = 0; i < 10; i++) {
            firstTenZero &= ip[i] == 0;
        }
        boolean mapped = firstTenZero && ip[10] == (byte) 0xff && ip[11] == (byte) 0xff;
        boolean compatible = firstTenZero
                && ip[10] == 0
                && ip[11] == 0
                && !(ip[12] == 0 && ip[13] == 0 && ip[14] == 0 && (ip[15] == 0 || ip[15] == 1)); // not :: or ::1
        boolean nat64 = ip[0] == 0 && ip[1] == 0x64 && ip[2] == (byte) 0xff && ip[3] == (byte) 0x9b;
        for (int i = 4; nat64 && i < 12; i++) {
            nat64 = ip[i] == 0;
        }
        return mapped || compatible || nat64 ? Arrays.copyOfRange(ip, 12, 16) : ip;
    }
}
