package dev.spendline.cli;

import picocli.CommandLine.IVersionProvider;

/** {@code --version}: the build's version, written into the jar's manifest by Maven. */
final class VersionProvider implements IVersionProvider {

    @Override
    public String[] getVersion() {
        String version = SpendlineCli.class.getPackage().getImplementationVersion();
        return new String[] {
            "spendline " + (version == null ? "(development build)" : version), "Java ${java.version} (${java.vendor})"
        };
    }
}
