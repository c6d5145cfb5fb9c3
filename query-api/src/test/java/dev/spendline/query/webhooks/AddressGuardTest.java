package dev.spendline.query.webhooks;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.net.InetAddress;
import java.net.URI;
import java.net.UnknownHostException;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

class AddressGuardTest {

    /** Names resolve from a table, like a DNS server that answers what the test says. */
    static final Map<String, String> DNS = Map.of(
            "hooks.example.com", "93.184.215.14",
            "internal.example.com", "10.1.2.3",
            "metadata.example.com", "169.254.169.254",
            "rebind.example.com", "127.0.0.1",
            "v6.example.com", "2606:4700::1111");

    static AddressGuard guard(boolean loopback, boolean privateNetworks) {
        return new AddressGuard(
                host -> {
                    String ip = DNS.getOrDefault(host, host);
                    if (!Character.isDigit(ip.charAt(0)) && !ip.contains(":")) {
                        throw new UnknownHostException(host);
                    }
                    return new InetAddress[] {InetAddress.getByName(ip)};
                },
                loopback,
                privateNetworks);
    }

    @ParameterizedTest
    @CsvSource({
        "https://10.0.0.1/h, a private address",
        "https://172.16.5.4/h, a private address",
        "https://192.168.1.1/h, a private address",
        "https://100.64.0.1/h, a private address",
        "https://[fd12:3456::1]/h, a private address",
        "https://internal.example.com/h, a private address",
        "https://127.0.0.1/h, a loopback address",
        "https://[::1]/h, a loopback address",
        "https://rebind.example.com/h, a loopback address",
        "https://[::ffff:127.0.0.1]/h, a loopback address",
        "https://169.254.10.10/h, a link-local address",
        "https://[fe80::1]/h, a link-local address",
        "https://169.254.169.254/latest/meta-data, a cloud metadata address",
        "https://metadata.example.com/, a cloud metadata address",
        "https://[fd00:ec2::254]/, a cloud metadata address",
        "https://[::ffff:169.254.169.254]/, a cloud metadata address",
        "https://[64:ff9b::a9fe:a9fe]/, a cloud metadata address",
        "https://100.100.100.200/, a cloud metadata address",
        "https://0.0.0.0/h, the unspecified address",
        "https://[::]/h, the unspecified address",
        "https://224.0.0.1/h, a multicast address",
        "https://[ff02::1]/h, a multicast address",
        "https://255.255.255.255/h, a reserved or broadcast address",
        "https://nowhere.invalid/h, does not resolve"
    })
    void refusesWhatIsNotThePublicInternet(String url, String why) {
        assertThatThrownBy(() -> guard(false, false).check(URI.create(url)))
                .isInstanceOf(AddressGuard.RefusedAddress.class)
                .hasMessageContaining(why);
    }

    @Test
    void allowsPublicAddressesOverHttps() throws Exception {
        assertThat(guard(false, false).check(URI.create("https://hooks.example.com/spendline")))
                .extracting(InetAddress::getHostAddress)
                .containsExactly("93.184.215.14");
        assertThat(guard(false, false).check(URI.create("https://v6.example.com/spendline")))
                .hasSize(1);
    }

    @Test
    void loopbackOnlyWithTheOperatorsPermissionAndPlainHttpOnlyThere() throws Exception {
        AddressGuard local = guard(true, false);
        assertThat(local.check(URI.create("http://127.0.0.1:8080/h"))).hasSize(1);
        assertThat(local.check(URI.create("http://[::1]:8080/h"))).hasSize(1);
        assertThatThrownBy(() -> local.check(URI.create("http://hooks.example.com/h")))
                .hasMessageContaining("plain http is allowed only to loopback");
        assertThatThrownBy(() -> local.check(URI.create("http://nowhere.invalid/h")))
                .hasMessageContaining("plain http is allowed only to loopback");
        assertThatThrownBy(() -> guard(false, false).check(URI.create("http://127.0.0.1:8080/h")))
                .hasMessageContaining("loopback");
        // Loopback permission is not a key to the metadata service or private networks.
        assertThatThrownBy(() -> local.check(URI.create("https://169.254.169.254/")))
                .hasMessageContaining("metadata");
        assertThatThrownBy(() -> local.check(URI.create("https://10.0.0.1/"))).hasMessageContaining("private");
    }

    @ParameterizedTest
    @ValueSource(strings = {"https://10.0.0.1/h", "https://[fd12::1]/h", "https://internal.example.com/h"})
    void privateNetworksWhenTheOperatorAllowsThem(String url) throws Exception {
        assertThat(guard(false, true).check(URI.create(url))).hasSize(1);
    }

    @Test
    void metadataAndLinkLocalStayRefusedWhenPrivateNetworksAreAllowed() {
        AddressGuard guard = guard(false, true);
        assertThatThrownBy(() -> guard.check(URI.create("https://169.254.169.254/")))
                .hasMessageContaining("metadata");
        assertThatThrownBy(() -> guard.check(URI.create("https://[fd00:ec2::254]/")))
                .hasMessageContaining("metadata");
        assertThatThrownBy(() -> guard.check(URI.create("https://169.254.1.1/")))
                .hasMessageContaining("link-local");
    }

    @Test
    void anUnresolvedHostIsMarkedSoDeliveryTriesAgain() {
        assertThatThrownBy(() -> guard(false, false).check(URI.create("https://nowhere.invalid/")))
                .isInstanceOfSatisfying(AddressGuard.RefusedAddress.class, e -> assertThat(e.unresolved())
                        .isTrue());
        assertThatThrownBy(() -> guard(false, false).check(URI.create("https://10.0.0.1/")))
                .isInstanceOfSatisfying(AddressGuard.RefusedAddress.class, e -> assertThat(e.unresolved())
                        .isFalse());
    }
}
